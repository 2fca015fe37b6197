import Foundation
import WoteKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Security review 2026-11-28, finding N6: a hostile server's feed of millions of tiny entries,
/// just under the 8 MiB envelope limit, kept `wote feed` busy for more than five minutes in a
/// release build. The release `wote` (the terminal front, as a person runs it) against a loopback
/// server of this benchmark's own that sends such feeds, output to `/dev/null`:
///
/// - the review's feed, `[0,0,0,…]` (4 million entries) to `wote feed`, refused as more than the
///   page asked for;
/// - 2.8 million tiny posts (`{}`) to `wote feed --size 3000000`, every line formatted and printed,
///   as text and with `--json`.
///
/// Needs no reference server: `--only feed-print` runs it alone in a few seconds once built.
struct FeedPrintBenchmark {
    /// The release `wote`.
    let wote: URL
    let rounds: Int

    /// Just under the 8 MiB the envelope decoder accepts.
    static let bodyLimit = 8 * 1024 * 1024 - 1024

    func run(into report: inout Report) async throws {
        let server = try FeedServer(
            bodies: ["size=10&": Self.feed(of: "0"), "size=3000000&": Self.feed(of: "{}")])
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wote-bench-feed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("session.json")
        let now = Date()
        let session = StoredSession(
            tokens: TokenPair(
                accessToken: "bench-access", refreshToken: "bench-refresh",
                accessTokenExpiresAt: now.addingTimeInterval(3600), refreshTokenExpiresAt: now.addingTimeInterval(86_400),
                accessTokenIssuedAt: now),
            profileCompleted: true)
        try JSONEncoder().encode(session).write(to: store)
        let base = ["--server", "http://127.0.0.1:\(server.port)", "--store", store.path, "--timeout", "60"]

        var section = Report.Section(
            title: "Feed print: a hostile 8 MiB feed of tiny entries through the release `wote` (review N6)",
            header: ["feed", "command", "entries", "exit", "CPU median s", "CPU max s", "wall median s"])
        let cases: [(key: String, feed: String, entries: Int, arguments: [String], exit: Int32)] = [
            ("refused", "[0,0,…]", Self.count(of: "0"), ["feed"], 7),
            ("text", "[{},{},…]", Self.count(of: "{}"), ["feed", "--size", "3000000"], 0),
            ("json", "[{},{},…]", Self.count(of: "{}"), ["feed", "--size", "3000000", "--json"], 0),
        ]
        for item in cases {
            var times: [Double] = []
            var cpu: [Double] = []
            var status: Int32 = 0
            for _ in 0..<rounds {
                let run = try runWote(base + item.arguments, home: directory)
                times.append(run.wall)
                cpu.append(run.cpu)
                status = run.status
            }
            guard status == item.exit else {
                throw BenchFailure("feed-print: wote \(item.arguments.joined(separator: " ")) exited \(status)")
            }
            section.rows.append([
                item.feed, "wote " + item.arguments.joined(separator: " "), "\(item.entries)", "\(status)",
                Report.format(Stats.median(cpu)), Report.format(cpu.max() ?? 0), Report.format(Stats.median(times)),
            ])
            let what = item.key == "refused" ? "refused" : "printed as \(item.key)"
            report.add(
                "feed_print_8mib_\(item.key)_cpu_s", Stats.median(cpu), goal: item.key == "refused" ? .lessThan(1) : .informational,
                "8 MiB feed of tiny entries, release wote, \(what): CPU s (user + system), median")
            report.add(
                "feed_print_8mib_\(item.key)_wall_s", Stats.median(times), goal: .informational,
                "8 MiB feed of tiny entries, release wote, \(what): wall s, median")
        }
        section.notes.append(
            "- The release `wote`, a new process each round (\(rounds) rounds), standard output to /dev/null, "
                + "the exchange over loopback included: CPU time (user + system, from `getrusage` of the child) and "
                + "wall time from start to exit. CPU time is the figure: on a shared machine the wall time "
                + "measures the other processes too. Before the fix the first case ran for more than 300 s "
                + "(release build). The goal holds for the review's attack; printing 2.8 million lines the person "
                + "asked for (`--size 3000000`) is informational: it grows linearly and `--timeout` bounds it.")
        report.add(section)
    }

    private static func count(of entry: String) -> Int {
        let head = #"{"status":200,"message":"success","data":["#
        return (bodyLimit - head.utf8.count - 2) / (entry.utf8.count + 1)
    }

    /// `{"status":200,"message":"success","data":[E,E,...]}` of about ``bodyLimit`` bytes.
    static func feed(of entry: String) -> Data {
        var body = Data(#"{"status":200,"message":"success","data":["#.utf8)
        body.reserveCapacity(bodyLimit)
        let element = Array(entry.utf8)
        for index in 0..<count(of: entry) {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(contentsOf: element)
        }
        body.append(contentsOf: Array("]}".utf8))
        return body
    }

    /// Runs `wote` once, standard output to `/dev/null`, and returns its wall and CPU time and its
    /// exit status.
    private func runWote(_ arguments: [String], home: URL) throws -> (wall: Double, cpu: Double, status: Int32) {
        let process = Process()
        process.executableURL = wote
        process.arguments = arguments
        process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let before = Self.childrenCPUSeconds()
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let wall = start.duration(to: .now).seconds
        return (wall, Self.childrenCPUSeconds() - before, process.terminationStatus)
    }

    /// User and system time of the children this process has waited for.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        _ = getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        _ = getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// A loopback HTTP/1.1 server that answers every request with one of a few fixed JSON bodies,
/// chosen by a piece of the request line, and closes the connection.
private final class FeedServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let bodies: [(String, Data)]
    private let lock = NSLock()
    private var stopped = false

    init(bodies: [String: Data]) throws {
        self.bodies = bodies.sorted { $0.key < $1.key }
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw BenchFailure("feed-print: no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw BenchFailure("feed-print: cannot listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.name = "wote-bench.feed-server"
        thread.start()
    }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if lock.withLock({ stopped }) { return }
                continue
            }
            answer(connection)
            close(connection)
        }
    }

    private func answer(_ connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        repeat {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request.append(contentsOf: buffer[0..<count])
        } while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n")
        let line = String(decoding: request.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let body = bodies.first { line.contains($0.0) }?.1 ?? Data(#"{"status":404,"message":"none"}"#.utf8)
        var response = Data(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
                + "Connection: close\r\n\r\n").utf8)
        response.append(body)
        response.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(connection, raw.baseAddress! + offset, raw.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
