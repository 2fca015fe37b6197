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
