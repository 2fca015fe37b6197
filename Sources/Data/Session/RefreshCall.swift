public import Foundation

/// How to ask a backend for a new token pair.
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
