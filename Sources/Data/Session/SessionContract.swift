import Foundation
import WoteDomain

/// What the session engine must know about a backend: how to refresh, and what its answers on
/// authenticated requests mean. ``wote`` is the Wote contract; another backend is a different value.
///
/// ```swift
/// let contract = SessionContract(
///     refresh: .init(path: "/users/reissue", placement: .bearer, readAnswer: { answer, receivedAt in ... }),
///     classify: { answer in answer.status == 401 ? .accessTokenRejected : .accepted })
/// ```
public struct SessionContract: Sendable {
    /// The refresh call.
    public var refresh: RefreshCall
    /// What an answer to an authenticated request means for the session.
    public var classify: @Sendable (HTTPAnswer) -> ProtectedAnswer

    /// Creates a contract.
    ///
    /// - Parameters:
    ///   - refresh: how to ask for a new pair and read the answer.
    ///   - classify: what an answer on an authenticated path means.
    public init(refresh: RefreshCall, classify: @escaping @Sendable (HTTPAnswer) -> ProtectedAnswer) {
        self.refresh = refresh
        self.classify = classify
    }
}

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

    /// The HTTP method, usually `POST`.
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
    ///   - method: the HTTP method.
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

/// An HTTP answer as a ``SessionContract`` sees it.
public struct HTTPAnswer: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The body bytes.
    public var body: Data

    /// Creates an answer.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// What a refresh answer means.
public enum RefreshAnswer: Sendable, Equatable {
    /// A new pair; the old one is superseded.
    case renewed(TokenPair)
    /// The refresh token is dead: the session is over for this reason.
    case invalid(SignOutReason)
    /// A passing failure (server error, unreadable answer): keep the tokens, try again later.
    case transient(WoteError)
}

/// What an answer on an authenticated path means for the session.
public enum ProtectedAnswer: Sendable, Equatable {
    /// Nothing for the session to do; the caller reads the answer.
    case accepted
    /// The access token was not accepted: refresh once and retry once.
    case accessTokenRejected
    /// The profile must be completed first: no refresh, no sign-out.
    case profileRequired
    /// The session is over (member banned or gone).
    case sessionEnded(SignOutReason)
}
