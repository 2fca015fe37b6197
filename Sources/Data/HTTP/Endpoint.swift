package import Foundation

/// One request to the Wote API, relative to the configured base URL.
package struct Endpoint: Sendable, Equatable {
    /// Whether the request carries the access token.
    package enum Authorization: Sendable, Equatable {
        /// Never: login, sign-up, nickname check, and the refresh call itself (§4.2).
        case none
        /// `Authorization: Bearer <accessToken>`.
        case bearer
    }

    package var method: HTTPMethod
    /// The path below the base URL, starting with `/`.
    package var path: String
    package var headers: [String: String]
    package var body: Data?
    package var authorization: Authorization
    /// Whether a redirect to another origin is followed (without the token); by default it fails
    /// the request as ``MalformedResponse/Problem/redirectToAnotherOrigin``.
    package var followsRedirectsToOtherOrigins = false
    /// Whether the caller gets the answer even when the session the request was sent under ended
    /// while it was on the wire (the answer then changes no session). Off by default: such an
    /// answer belongs to nobody. On for the withdrawal, whose answer says whether the account is
    /// gone, whatever happened to the local session meanwhile.
    package var answerOutlivesItsSession = false

    package init(
        method: HTTPMethod, path: String, headers: [String: String] = [:], body: Data? = nil,
        authorization: Authorization
    ) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.authorization = authorization
    }
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

extension Endpoint {
    /// The media type of JSON bodies.
    package static let jsonContentType = "application/json"

    /// An endpoint whose body is `body` as JSON (``jsonBody(_:)``), sent as
    /// `Content-Type: application/json`.
    package static func json(
        _ method: HTTPMethod, _ path: String, _ body: some Encodable, authorization: Authorization
    ) -> Endpoint {
        Endpoint(
            method: method, path: path, headers: ["Content-Type": jsonContentType], body: jsonBody(body),
            authorization: authorization)
    }

    /// The JSON encoding of a request body: sorted keys, `/` left unescaped, UTF-8 as it is.
    package static func jsonBody(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            // Request bodies hold strings only, which always encode; failing here is a bug.
            preconditionFailure("request body \(type(of: value)) failed to encode")
        }
    }
}
