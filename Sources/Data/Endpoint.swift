import Foundation
import WoteRepository

/// One request to the Wote API, relative to the configured base URL.
package struct Endpoint: Sendable, Equatable {
    /// The HTTP method.
    package enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case delete = "DELETE"
    }

    /// Whether the request carries the access token.
    package enum Authorization: Sendable, Equatable {
        /// Never: login, sign-up, nickname check, and the refresh call itself (§4.2).
        case none
        /// `Authorization: Bearer <accessToken>`.
        case bearer
    }

    package var method: Method
    /// The path below the base URL, starting with `/`.
    package var path: String
    package var headers: [String: String]
    package var body: Data?
    package var authorization: Authorization

    package init(
        method: Method, path: String, headers: [String: String] = [:], body: Data? = nil,
        authorization: Authorization
    ) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.authorization = authorization
    }
}

/// An HTTP answer that arrived: status, headers (lowercased names) and body.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package var contentType: String? { headers["content-type"] }
}

/// Sends endpoints; the session engine is one (it adds the access token), ``HTTPClient`` another.
package protocol HTTPSending: Sendable {
    /// Sends `endpoint` and returns the answer, whatever its status.
    ///
    /// - Throws: ``APIError`` for failures with no usable HTTP answer.
    func send(_ endpoint: Endpoint) async throws(APIError) -> HTTPResponse
}

extension Endpoint: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Method, path, header names and the body's size: never a header value or the body, which
    /// hold passwords, authorization codes and refresh tokens.
    package var description: String {
        "\(method.rawValue) \(path) (headers: \(headers.keys.sorted().joined(separator: ", ")); "
            + "body: \(body?.count ?? 0) bytes; authorization: \(authorization))"
    }

    /// The same redacted text as ``description``.
    package var debugDescription: String { description }

    /// A mirror with header names and the body's size only.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method.rawValue, "path": path, "headers": headers.keys.sorted(),
                "body": "\(body?.count ?? 0) bytes", "authorization": "\(authorization)",
            ], displayStyle: .struct)
    }
}

extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The status, header names and the body's size: never a header value or the body, which
    /// hold tokens.
    package var description: String {
        "HTTP \(status) (headers: \(headers.keys.sorted().joined(separator: ", ")); body: \(body.count) bytes)"
    }

    /// The same redacted text as ``description``.
    package var debugDescription: String { description }

    /// A mirror with header names and the body's size only.
    package var customMirror: Mirror {
        Mirror(
            self, children: ["status": status, "headers": headers.keys.sorted(), "body": "\(body.count) bytes"],
            displayStyle: .struct)
    }
}
