import Foundation
import Testing
import WoteData
import WoteDomain
import WoteRepository
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Security review finding 5: a path segment such as `..%2F..%2Fother` is one segment to WoteKit
/// but `../../other` to a proxy that decodes before it normalises (nginx does, for location
/// matching), so the bearer token went to another service on the same origin. Every encoded spelling
/// of a dot segment, a slash or a backslash is refused before anything is sent.
@Suite(.timeLimit(.minutes(1))) struct EncodedDotSegmentTests {
    @Test(arguments: [
        "/api/posts/..%2F..%2Fother", "/api/posts/..%2f..%2fother", "/api/posts/%2e%2e%2fother",
        "/api/posts/%2E%2E%2Fother", "/api/posts/..%5C..%5Cother", "/api/posts/..\\..\\other",
        "/api/posts/.%2E/other", "/api/posts/%2e./other", "/api/posts/..;/other", "/api/posts/.;x/other",
        "/api/posts/%252e%252e%252fother", "/api/posts/..%252Fother",
    ])
    func finding5_encodedDotSegments_areRefused(_ path: String) {
        #expect(throws: WoteError.self) { try Endpoint(APIRequest.get(path)) }
    }

    @Test(arguments: [
        "/api/posts/1", "/api/posts/a.b", "/api/posts/...", "/api/posts/%EA%B0%80", "/api/files/report.v2.json",
        "/api/search/50%25", "/api/posts/.well-known",
    ])
    func ordinaryPaths_withDotsOrEscapes_stillGo(_ path: String) throws {
        _ = try Endpoint(APIRequest.get(path))
    }

    @Test func finding5_behindADecodingProxy_theTokenNoLongerReachesTheOtherService() async throws {
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

        // The proxy routes as nginx does: the API's own path reaches the API, token and all.
        _ = try await client.send(try Endpoint(APIRequest.get("/api/posts/1")), bearer: "ACCESS-TOKEN")
        #expect(wote.requests.map(\.headers["authorization"]) == ["Bearer ACCESS-TOKEN"])

        // The encoded escape no longer leaves the client.
        let escape = APIRequest.get("/api/posts/..%2F..%2F..%2Fother/steal")
        var refused: WoteError?
        do {
            let endpoint = try Endpoint(escape)
            _ = try await client.send(endpoint, bearer: "ACCESS-TOKEN")
        } catch let error as WoteError {
            refused = error
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(refused?.kind == .invalidArgument)
        #expect(other.requests.isEmpty, "the other service got \(other.requests)")
    }
}

/// A reverse proxy as nginx behaves for location matching: it percent-decodes the path, resolves
/// `.` and `..` segments, picks a backend by prefix, and forwards the request, headers and all.
enum DecodingProxy {
    static func forward(_ request: LoopbackHTTPServer.Request, routes: [String: Int]) -> LoopbackHTTPServer.Response {
        let rawPath = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.path
        // Bytewise, as nginx does: an escape that is not UTF-8 (`%FF`) is decoded like any other.
        let decoded = NginxNormaliser.percentDecoded(Array(rawPath.utf8))
        var resolved: [ArraySlice<UInt8>] = []
        for segment in decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            if segment.elementsEqual("..".utf8) {
                _ = resolved.popLast()
            } else if !segment.elementsEqual(".".utf8) {
                resolved.append(segment)
            }
        }
        // Forwarded as nginx's `proxy_pass http://backend;` does when it has normalised: the
        // decoded bytes as they are (a byte that is not UTF-8 goes out as U+FFFD in this test).
        let path = "/" + resolved.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
        guard let port = routes.first(where: { path.hasPrefix($0.key) })?.value else {
            return .init(status: 404)
        }
        var head = "\(request.method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in request.headers where name != "host" && name != "connection" && name != "content-length" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(request.body.utf8.count)\r\nConnection: close\r\n\r\n"
        guard let answer = exchange(Array((head + request.body).utf8), port: port) else { return .init(status: 502) }
        let text = String(decoding: answer, as: UTF8.self)
        let statusLine = text.prefix { $0 != "\r" }.split(separator: " ")
        let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 502 : 502
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return .init(status: status, body: body)
    }

    /// Sends `bytes` to 127.0.0.1:`port` and reads the answer until the backend closes the connection.
    private static func exchange(_ bytes: [UInt8], port: Int) -> [UInt8]? {
        #if canImport(Glibc) || canImport(Musl)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, $0.count - offset, 0) }
            guard written > 0 else { return nil }
            offset += written
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return answer
    }
}
