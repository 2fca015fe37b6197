import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security review 2026-11-28, N1: the dot-segment guard decoded through `String`, and an escape
/// that is not UTF-8 (`%FF`) made `removingPercentEncoding` give up, the guard then answering "no
/// dot segment": `..%2F..%2F..%2Fother/steal%FF` went through a decoding proxy to another service,
/// bearer token and all. The guard now works on bytes and refuses every dot segment and every
/// encoded separator, in any spelling.
@Suite(.timeLimit(.minutes(1))) struct BytewisePathGuardTests {
    @Test(arguments: [
        // The review's attack and its siblings: an escape that is not UTF-8 anywhere in the path.
        "/api/posts/..%2F..%2F..%2Fother/steal%FF", "/api/posts/%FF/..%2F..%2Fsteal", "/api/posts/..%2F..%2Fsteal/%C0",
        "/api/posts/%2e%2e%2f%2e%2e%2fsteal%80", "/api/posts/..%2f%FF", "/api/posts/%FF%2E%2E%2Fother",
        "/api/posts/%2E%2e%5C%ff", "/api/posts/..;%FF/other",
        // Overlong UTF-8 dots and slashes, for decoders that accept them.
        "/api/posts/%C0%AE%C0%AE/other", "/api/posts/%c0%ae%c0%ae%c0%afother", "/api/posts/%E0%80%AE%E0%80%AE/x",
        // A fourth decoding, IIS's %u escapes, whitespace and NUL that servers trim.
        "/api/posts/%25252e%25252e%25252fother", "/api/posts/%u002e%u002e/other", "/api/posts/%U002E./other",
        "/api/posts/..%20/other", "/api/posts/..%09/other", "/api/posts/%20../other", "/api/posts/..%00/other",
        // An encoded separator alone: one segment to WoteKit, two to a proxy that decodes.
        "/api/posts/a%2Fb", "/api/posts/a%2fb", "/api/posts/a%5Cb", "/api/posts/a%5cb", "/api/posts/a%252Fb",
        "/api/posts/a\\b", "/api/posts/a%u002fb",
    ])
    func n1_everySpelling_isRefused(_ path: String) {
        #expect(throws: WoteError.self) { try Endpoint(APIRequest.get(path)) }
    }

    @Test(arguments: [
        "/api/posts/1", "/api/posts/%FF", "/api/posts/a%FFb", "/api/posts/%EA%B0%80", "/api/posts/한글",
        "/api/posts/...", "/api/posts/.well-known", "/api/search/50%25", "/api/search/%2525", "/api/posts/a;b",
        "/api/posts/%2e%2e%2e", "/api/posts/a.%2e", "/api/posts/%uZZZZ",
    ])
    func n1_ordinaryPaths_stillGo(_ path: String) throws {
        _ = try Endpoint(APIRequest.get(path))
    }

    /// Every path built from these pieces (four at most, after `/api/posts/`) that an nginx-like or
    /// a servlet-like normaliser, or the two in a row, reads differently from the segments the
    /// client meant is refused; and a path of plain letters and slashes goes.
    @Test func n1_everyPathThatAReferenceNormaliserMoves_isRefused() {
        let pieces = ["..", ".", "%2e", "%2E", "%2f", "%2F", "%5c", "/", ";x", "%FF", "%25", "a", "%C0%AE"]
        var moved = 0
        var checked = 0
        func visit(_ suffix: String, depth: Int) {
            if depth > 0 {
                let path = "/api/posts/" + suffix
                checked += 1
                if ReferenceNormalisers.moves(Array(path.utf8)) {
                    moved += 1
                    let refused = (try? Endpoint(APIRequest.get(path))) == nil
                    if !refused { Issue.record("not refused: \(path)") }
                }
            }
            guard depth < 4 else { return }
            for piece in pieces { visit(suffix + piece, depth: depth + 1) }
        }
        visit("", depth: 0)
        #expect(checked > 30_000)
        #expect(moved > 10_000)
        for path in ["/api/posts/1", "/api/posts/a/b/c", "/api/x//y"] {
            #expect(!ReferenceNormalisers.moves(Array(path.utf8)))
            #expect((try? Endpoint(APIRequest.get(path))) != nil)
        }
    }

    @Test func n1_behindADecodingProxy_anInvalidEscapeNoLongerCarriesTheTokenAway() async throws {
        let wote = try LoopbackHTTPServer { _ in .init(status: 200, body: #"{"status":200}"#) }
        let other = try LoopbackHTTPServer { _ in .init(status: 200, body: #"{"status":200}"#) }
        defer {
            wote.stop()
            other.stop()
        }
        let proxy = try LoopbackHTTPServer { request in
            DecodingProxy.forward(request, routes: ["/wote/": wote.port, "/other/": other.port])
        }
        defer { proxy.stop() }
        let client = HTTPClient(baseURL: URL(string: proxy.baseURL + "/wote")!, transport: .urlSession())

        _ = try await client.send(try Endpoint(APIRequest.get("/api/posts/1")), bearer: "ACCESS-TOKEN")
        #expect(wote.requests.map(\.headers["authorization"]) == ["Bearer ACCESS-TOKEN"])

        for attack in ["/api/posts/..%2F..%2F..%2Fother/steal%FF", "/api/posts/%FF/..%2F..%2F..%2Fother/steal"] {
            var refused: WoteError?
            do {
                let endpoint = try Endpoint(APIRequest.get(attack))
                _ = try await client.send(endpoint, bearer: "ACCESS-TOKEN")
            } catch let error as WoteError {
                refused = error
            } catch {
                Issue.record("unexpected \(error)")
            }
            #expect(refused?.kind == .invalidArgument, "\(attack) was sent")
        }
        #expect(other.requests.isEmpty, "the other service got \(other.requests.map(\.headers["authorization"]))")
    }
}

/// Small reference normalisers, standing in for what may sit in front of the API.
enum ReferenceNormalisers {
    /// Whether any of them reads `path` as other segments than the client meant (the raw path split
    /// on `/`, empty segments merged, each segment read by that normaliser on its own).
    static func moves(_ path: [UInt8]) -> Bool {
        let nginx = NginxNormaliser.self
        return nginx.segments(path, passes: 1) != nginx.intended(path, passes: 1)
            || nginx.segments(path, passes: 2) != nginx.intended(path, passes: 2)
            || ServletNormaliser.segments(path) != ServletNormaliser.intended(path)
    }
}

/// nginx: percent-decodes the whole path (bytewise), then merges slashes and resolves `.` and `..`
/// (`passes: 2` is a decoding proxy in front of another decoder).
enum NginxNormaliser {
    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let byte = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                decoded.append(byte)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    /// The segments after normalising; `nil` when `..` climbs above the root (nginx answers 400).
    static func segments(_ path: [UInt8], passes: Int) -> [[UInt8]]? {
        var bytes = path
        for _ in 0..<passes { bytes = percentDecoded(bytes) }
        return resolve(bytes.split(separator: UInt8(ascii: "/")).map(Array.init))
    }

    static func intended(_ path: [UInt8], passes: Int) -> [[UInt8]]? {
        path.split(separator: UInt8(ascii: "/")).map { segment in
            var bytes = Array(segment)
            for _ in 0..<passes { bytes = percentDecoded(bytes) }
            return bytes
        }
    }

    static func resolve(_ segments: [[UInt8]]) -> [[UInt8]]? {
        var resolved: [[UInt8]] = []
        for segment in segments {
            if segment == Array("..".utf8) {
                guard resolved.popLast() != nil else { return nil }
            } else if segment != Array(".".utf8) {
                resolved.append(segment)
            }
        }
        return resolved
    }
}

/// A servlet container with lax settings (Tomcat with `ALLOW_ENCODED_SLASH` and `ALLOW_BACKSLASH`):
/// drops each segment's `;` parameters, decodes, then splits again on `/` and `\` and resolves.
enum ServletNormaliser {
    static func segments(_ path: [UInt8]) -> [[UInt8]]? {
        let decoded = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            NginxNormaliser.percentDecoded(withoutParameters(Array($0)))
        }
        let joined = Array(decoded.joined(separator: [UInt8(ascii: "/")]))
        let split = joined.split(whereSeparator: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
        return NginxNormaliser.resolve(split.map(Array.init))
    }

    static func intended(_ path: [UInt8]) -> [[UInt8]]? {
        path.split(separator: UInt8(ascii: "/")).map { withoutParameters(Array($0)) }.filter { !$0.isEmpty }
            .map(NginxNormaliser.percentDecoded)
    }

    private static func withoutParameters(_ segment: [UInt8]) -> [UInt8] {
        Array(segment.prefix { $0 != UInt8(ascii: ";") })
    }
}
