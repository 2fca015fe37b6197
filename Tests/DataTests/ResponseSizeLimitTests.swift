import Foundation
import Testing
import WoteContract
import WoteData
import WoteRepository
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security review finding 3: a hostile server must not be able to fill the client's memory or
/// hold its connections. WoteKit's default transport (URLSession) answers `tooLarge` as soon as the
/// body passes the response size limit, counted after decompression, holds no more of it, and
/// cancels the transfer; a transfer past the deadline is cancelled too, on Linux as well, where
/// the caller's own cancellation is never passed to URLSession.
///
/// On Linux a hostile server that keeps sending holds corelibs' one URLSession work queue, and with
/// it every other URLSession exchange of the process, until the transport cuts the transfer's
/// socket (``StuckConnection``, about 100 ms after the cancellation, plus what libcurl still has
/// to decode): the tests that stall it show that the stall ends, so the suite runs beside the
/// others. It runs its own tests one at a time.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ResponseSizeLimitTests {
    /// The client over WoteKit's default transport, with the default size limit.
    private static func client(of baseURL: String, timeout: Duration) -> HTTPClient {
        HTTPClient(baseURL: URL(string: baseURL)!, transport: .urlSession(), timeout: timeout)
    }

    @Test func finding3_endlessBody_isCutAtTheLimit() async throws {
        let server = try EndlessBodyServer(
            headers: ["Content-Type": "application/json"], chunk: [UInt8](repeating: 0x20, count: 64 * 1024),
            sendBufferSize: 64 * 1024)
        defer { server.stop() }
        let client = Self.client(of: server.baseURL, timeout: .seconds(20))
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.self) {
            try await client.send(WoteEndpoints.myProfile(), bearer: "token")
        }
        // The limit, not the 20 s deadline, ended it.
        #expect(started.duration(to: .now) < .seconds(10))
        let limit = HTTPTransport.defaultMaximumResponseSize
        guard case .malformed(let malformed)? = error, case .tooLarge(let bytesRead) = malformed.problem else {
            Issue.record("expected a too-large answer, got \(String(describing: error))")
            return
        }
        #expect(malformed.httpStatus == 200)
        #expect(bytesRead > limit && bytesRead <= limit + 1024 * 1024)
    }

    @Test func finding3_endlessGzipBody_isCutAtTheLimit_decompressedBytesCounted() async throws {
        let server = try EndlessBodyServer(
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            prefix: EndlessBodyServer.gzipHeader, chunk: EndlessBodyServer.gzipZerosChunk, sendBufferSize: 16 * 1024)
        defer { server.stop() }
        let client = Self.client(of: server.baseURL, timeout: .seconds(20))
        let peakBefore = PeakMemory.residentBytes()
        let started = ContinuousClock.now
        let error = await #expect(throws: APIError.self) {
            try await client.send(WoteEndpoints.myProfile(), bearer: "token")
        }
        // The limit, not the 20 s deadline, ended it.
        #expect(started.duration(to: .now) < .seconds(10))
        let limit = HTTPTransport.defaultMaximumResponseSize
        guard case .malformed(let malformed)? = error, case .tooLarge(let bytesRead) = malformed.problem else {
            Issue.record("expected a too-large answer, got \(String(describing: error))")
            return
        }
        #expect(malformed.httpStatus == 200)
        // Decompressed bytes: 16 MiB of zeros is 17 kB of gzip.
        #expect(bytesRead > limit && bytesRead <= limit + 1024 * 1024)
        if let peakBefore, let peakAfter = PeakMemory.residentBytes() {
            print(
                "finding3 gzip: peak RSS \(peakAfter / 1_048_576) MiB, grew by \((peakAfter - peakBefore) / 1_048_576) MiB"
            )
        }
    }

    @Test func finding3_endlessGzipBody_fromAFastSender_isClosed_andTheProcessGoesOn() async throws {
        // The server never stops sending on its own, as fast as the client reads: on Linux this
        // keeps libcurl's receive loop, and with it corelibs' one URLSession work queue, busy.
        let server = try EndlessBodyServer(
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            prefix: EndlessBodyServer.gzipHeader, chunk: EndlessBodyServer.gzipZerosChunk)
        defer { server.stop() }
        let other = try LoopbackHTTPServer { _ in
            .init(status: 200, headers: ["Content-Type": "application/json"], body: "{}")
        }
        defer { other.stop() }
        let client = Self.client(of: server.baseURL, timeout: .seconds(20))
        let peakBefore = PeakMemory.residentBytes()
        let error = await #expect(throws: APIError.self) {
            try await client.send(WoteEndpoints.myProfile(), bearer: "token")
        }
        guard case .malformed(let malformed)? = error, case .tooLarge = malformed.problem else {
            Issue.record("expected a too-large answer, got \(String(describing: error))")
            return
        }
        // Another URLSession exchange of the process, on a session of its own, is not held up. (On
        // the previous code it blocked in `dataTask(with:)` for as long as the server sent.)
        var request = URLRequest(url: URL(string: other.baseURL + "/other")!)
        request.timeoutInterval = 5
        let status = await Self.status(of: request, within: .seconds(3))
        #expect(status == 200)
        // The hostile transfer itself ends although the server keeps sending: it sees the close.
        let closed = try #require(await server.firstClosedConnection(within: .seconds(10)))
        #expect(closed.secondsOpen < 5)
        // So memory stays bounded: what was received is at most a few MiB of gzip.
        #expect(closed.bodyBytesSent < 64 * 1024 * 1024)
        if let peakBefore, let peakAfter = PeakMemory.residentBytes() {
            print("finding3 fast gzip: peak RSS \(peakAfter >> 20) MiB, grew by \((peakAfter - peakBefore) >> 20) MiB")
            #expect(peakAfter - peakBefore < 256 * 1024 * 1024)
        }
    }

    @Test func finding3_endlessRedirectBody_isClosedAtTheDeadline_andTheProcessGoesOn() async throws {
        // On Linux corelibs keeps a 3xx body for itself (to hand it over if the redirect is not
        // followed), so no byte reaches the size limit; only the deadline ends it, and a fast
        // sender keeps libcurl's receive loop, and the work queue, busy meanwhile.
        let server = try EndlessBodyServer(
            status: "302 Found", headers: ["Location": "/elsewhere", "Content-Type": "application/json"],
            chunk: [UInt8](repeating: 0x20, count: 64 * 1024))
        defer { server.stop() }
        let other = try LoopbackHTTPServer { _ in
            .init(status: 200, headers: ["Content-Type": "application/json"], body: "{}")
        }
        defer { other.stop() }
        let client = Self.client(of: server.baseURL, timeout: .seconds(1))
        await #expect(throws: APIError.timeout) {
            try await client.send(WoteEndpoints.myProfile(), bearer: "token")
        }
        var request = URLRequest(url: URL(string: other.baseURL + "/other")!)
        request.timeoutInterval = 5
        let status = await Self.status(of: request, within: .seconds(3))
        #expect(status == 200)
        let closed = try #require(await server.firstClosedConnection(within: .seconds(10)))
        #expect(closed.secondsOpen < 5)
    }

    @Test func finding3_transferPastTheDeadline_isClosed_evenOnLinux() async throws {
        // A server that trickles: each byte keeps URLSession's idle time-out happy for ever.
        let server = try EndlessBodyServer(
            headers: ["Content-Type": "application/json"], chunk: [0x20], interval: .milliseconds(50))
        defer { server.stop() }
        let client = Self.client(of: server.baseURL, timeout: .seconds(1))
        await #expect(throws: APIError.timeout) {
            try await client.send(WoteEndpoints.myProfile(), bearer: "token")
        }
        // The transfer ends too: the server sees its connection closed soon after the deadline.
        let closed = try #require(await server.firstClosedConnection(within: .seconds(10)))
        #expect(closed.secondsOpen < 3)
    }
}

extension ResponseSizeLimitTests {
    /// The HTTP status of `request` sent over a new URLSession transport, or `nil` when no answer
    /// came within `limit` (the exchange may go on: URLSession can block its caller).
    fileprivate static func status(of request: URLRequest, within limit: Duration) async -> Int? {
        let (statuses, answer) = AsyncStream<Int?>.makeStream()
        Task.detached {
            let response = try? await HTTPTransport.urlSession().send(request).1
            answer.yield((response as? HTTPURLResponse)?.statusCode)
            answer.finish()
        }
        return await withTaskGroup(of: Int?.self) { group in
            group.addTask { await statuses.first { _ in true } ?? nil }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

extension EndlessBodyServer {
    /// The first connection the client closes, or `nil` when none closes within `limit`.
    fileprivate func firstClosedConnection(within limit: Duration) async -> Connection? {
        await withTaskGroup(of: Connection?.self) { group in
            group.addTask { await self.closedConnections.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

/// The process's peak resident memory, where the system reports it (`VmHWM` on Linux).
private enum PeakMemory {
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
