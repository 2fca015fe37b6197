public import Foundation
public import WoteData
package import WoteDomain

/// How to ask a backend for a new token pair.
///
/// Checked before every refresh: a call that cannot carry the token as written (a path not
/// starting with a single `/`, a header name that is not a token, a control character in a header
/// prefix, an empty JSON field name, a refresh token unfit for a header) sends nothing and fails the
/// waiting requests with ``WoteError/Kind/invalidArgument``; the session is kept.
public struct RefreshCall: Sendable {
    /// Where the refresh token goes.
    public enum Placement: Sendable, Equatable {
        /// A JSON body `{"<field>": "<refreshToken>"}`.
        case jsonBody(field: String)
        /// A header `<name>: <prefix><refreshToken>`.
        case header(name: String, prefix: String)
        /// `Authorization: Bearer <refreshToken>`.
        case bearer
    }

    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the base URL.
    public var path: String
    /// Where the refresh token goes.
    public var placement: Placement
    /// Reads the answer: the new pair, a dead session, or a passing failure.
    public var readAnswer: @Sendable (HTTPResponse, _ receivedAt: Date) -> RefreshAnswer

    /// Creates a refresh call description.
    ///
    /// - Parameters:
    ///   - method: the HTTP method; see ``method``.
    ///   - path: the path below the base URL.
    ///   - placement: where the refresh token goes.
    ///   - readAnswer: turns the answer into a ``RefreshAnswer``.
    public init(
        method: HTTPMethod = .post, path: String, placement: Placement,
        readAnswer: @escaping @Sendable (HTTPResponse, _ receivedAt: Date) -> RefreshAnswer
    ) {
        self.method = method
        self.path = path
        self.placement = placement
        self.readAnswer = readAnswer
    }
}

extension RefreshCall {
    /// Checks that this call can carry `refreshToken` as described, so that a mistake in an app's
    /// contract fails with a typed error instead of going out without the token (which a backend
    /// would answer 401, read as a dead session: the person signed out for a typo).
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` naming `refresh.path` when the path does
    ///   not start with a single `/`, `refresh.placement` when the header name is not a token, the
    ///   header prefix holds a control character, or the JSON field name is empty, and
    ///   `refreshToken` when the token itself cannot go in a header.
    package func check(refreshToken: String) throws(WoteError) {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else {
            throw .invalidArgument(name: "refresh.path", reason: "must start with a single \"/\"")
        }
        switch placement {
        case .jsonBody(let field):
            guard !field.isEmpty else {
                throw .invalidArgument(name: "refresh.placement", reason: "the JSON field name is empty")
            }
        case .header(let name, let prefix):
            try HeaderField.requireValidName(name, as: "refresh.placement")
            try HeaderField.requireValidValue(prefix, as: "refresh.placement", subject: "the header prefix")
            try HeaderField.requireValidValue(refreshToken, as: "refreshToken", subject: "the refresh token")
        case .bearer:
            // The token is the server's: never shown, only said to be unfit for a header.
            try HeaderField.requireValidValue(refreshToken, as: "refreshToken", subject: "the refresh token")
        }
    }
}

extension RefreshCall {
    /// This call for `refreshToken`: its method and path, with the token where ``placement`` puts
    /// it. Wote's (``SessionContract/wote``) is `POST /api/auth/refresh` with JSON
    /// `{"refreshToken"}` and never `Authorization`, since the server would reject an expired access
    /// token there before looking at the body (§4.2).
    ///
    /// - Returns: the endpoint, and the token to send as `Authorization: Bearer`: the refresh token
    ///   for ``Placement/bearer``, else `nil`, so the access token never rides along.
    package func endpoint(refreshToken: String) -> (endpoint: Endpoint, bearer: String?) {
        switch placement {
        case .jsonBody(let field):
            return (Endpoint.json(method, path, [field: refreshToken], authorization: .none), nil)
        case .header(let name, let prefix):
            return (
                Endpoint(method: method, path: path, headers: [name: prefix + refreshToken], authorization: .none), nil
            )
        case .bearer:
            return (Endpoint(method: method, path: path, authorization: .bearer), refreshToken)
        }
    }
}
