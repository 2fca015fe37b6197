import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import WoteServerCore

/// A server with test hooks, no logs, and cheap password hashing, for in-process tests.
enum TestServer {
    /// The test hooks' secret of every in-process server.
    static let hookSecret = "in-process-test-hook-secret"

    static func make(_ configure: (inout ServerOptions) -> Void = { _ in }, clock: ServerClock = .live) -> WoteServer {
        var options = ServerOptions()
        options.port = 0
        options.testHooks = true
        options.testHooksSecret = hookSecret
        options.accessLog = false
        options.passwordIterations = 16
        configure(&options)
        return WoteServer(options: options, clock: clock, accessLog: LineSink { _ in }, announce: LineSink { _ in })
    }

    /// Runs `test` against the server's router, without a socket.
    static func run(
        _ configure: (inout ServerOptions) -> Void = { _ in },
        clock: ServerClock = .live,
        _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await make(configure, clock: clock).makeApplication().test(.router, test)
    }
}

/// An HTTP answer, with its body read as JSON on demand.
struct Answer: Sendable {
    let httpStatus: Int
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The value at a dotted path such as "data.jwtToken.accessToken".
    func value(_ path: String) -> Any? {
        guard var current = try? JSONSerialization.jsonObject(with: Data(body)) else { return nil }
        for key in path.split(separator: ".") {
            guard let object = current as? [String: Any], let next = object[String(key)] else { return nil }
            current = next
        }
        return current
    }

    func string(_ path: String) -> String? { value(path) as? String }
    func int(_ path: String) -> Int? { value(path) as? Int }
    func bool(_ path: String) -> Bool? { value(path) as? Bool }
    func has(_ path: String) -> Bool { value(path) != nil }
}

extension TestClientProtocol {
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        json: String? = nil,
        token: String? = nil,
        headers: HTTPFields = [:],
        body: [UInt8]? = nil
    ) async throws -> Answer {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        // Every hook call carries the secret unless the test set the header itself.
        if APIPaths.isTestHook(path), headers[TestHookSecretMiddleware.header] == nil {
            headers[TestHookSecretMiddleware.header] = TestServer.hookSecret
        }
        var bytes = body
        if let json {
            headers[.contentType] = "application/json"
            bytes = Array(json.utf8)
        }
        let response = try await execute(uri: path, method: method, headers: headers, body: bytes.map { ByteBuffer(bytes: $0) })
        return Answer(httpStatus: response.status.code, body: Array(response.body.readableBytesView))
    }

    func login(_ code: String, provider: String = "apple") async throws -> Answer {
        try await send(
            .post,
            "/login/oauth2/code/\(provider)",
            headers: [.contentType: "application/x-www-form-urlencoded"],
            body: Array("code=\(code)&state=\(provider.uppercased())".utf8)
        )
    }

    func setUpProfile(token: String, nickname: String, region: String = "서울", image: [UInt8]? = nil) async throws -> Answer {
        var parts = [
            MultipartBody.Part(
                name: "profileRequest",
                contentType: "application/json",
                body: Array(#"{"nickname":"\#(nickname)","school":{"schoolName":"서울고","schoolRegion":"\#(region)"}}"#.utf8)
            )
        ]
        if let image {
            parts.append(MultipartBody.Part(name: "imageFile", filename: "me.jpg", contentType: "image/jpeg", body: image))
        }
        let boundary = "WoteBoundary7MA4YWxk"
        return try await send(
            .post,
            "/api/profiles",
            token: token,
            headers: [.contentType: "multipart/form-data; boundary=\(boundary)"],
            body: MultipartBody.encode(parts, boundary: boundary)
        )
    }

    func refresh(_ refreshToken: String) async throws -> Answer {
        try await send(.post, "/api/auth/refresh", json: #"{"refreshToken":"\#(refreshToken)"}"#)
    }

    /// Signs a new member in and completes the profile; returns the tokens of a fresh login.
    func signedInMember(
        _ name: String,
        nickname: String,
        region: String = "서울"
    ) async throws -> (access: String, refresh: String) {
        let first = try await login("apple:\(name)")
        let firstAccess = first.string("data.jwtToken.accessToken") ?? ""
        let setUp = try await setUpProfile(token: firstAccess, nickname: nickname, region: region)
        guard setUp.int("status") == 200 else { throw SetUpFailed(answer: setUp.text) }
        let second = try await login("apple:\(name)")
        return (second.string("data.jwtToken.accessToken") ?? "", second.string("data.jwtToken.refreshToken") ?? "")
    }
}

/// Builds `multipart/form-data` bodies as clients send them.
enum MultipartBody {
    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var body: [UInt8]
    }

    static func encode(_ parts: [Part], boundary: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { head += "; filename=\"\(filename)\"" }
            head += "\r\n"
            if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
            bytes += Array((head + "\r\n").utf8) + part.body + Array("\r\n".utf8)
        }
        return bytes + Array("--\(boundary)--\r\n".utf8)
    }
}

struct SetUpFailed: Error {
    let answer: String
}
