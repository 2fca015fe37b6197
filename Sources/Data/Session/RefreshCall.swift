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

    /// The HTTP method: `GET`, `POST`, `PUT` or `DELETE` (any case); any other is sent as `POST`.
    public var method: String
    /// The path below the base URL.
    public var path: String
    /// Where the refresh token goes.
    public var placement: Placement
    /// Reads the answer: the new pair, a dead session, or a passing failure.
    public var readAnswer: @Sendable (HTTPAnswer, _ receivedAt: Date) -> RefreshAnswer

    /// Creates a refresh call description.
    ///
    /// - Parameters:
    ///   - method: the HTTP method; see ``method``.
    ///   - path: the path below the base URL.
    ///   - placement: where the refresh token goes.
    ///   - readAnswer: turns the answer into a ``RefreshAnswer``.
    public init(
        method: String = "POST", path: String, placement: Placement,
        readAnswer: @escaping @Sendable (HTTPAnswer, _ receivedAt: Date) -> RefreshAnswer
    ) {
        self.method = method
        self.path = path
        self.placement = placement
        self.readAnswer = readAnswer
    }
}
