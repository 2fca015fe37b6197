public import WoteData
package import WoteDomain

/// What the session engine must know about a backend: how to refresh, what its answers on
/// authenticated requests mean, and how to log out. ``wote`` is the Wote contract; another backend is a different value.
///
/// ```swift
/// let contract = SessionContract(
///     refresh: .init(path: "/users/reissue", placement: .bearer, readAnswer: readReissueAnswer),
///     classify: { answer in answer.status == 401 ? .accessTokenRejected : .accepted })
/// ```
public struct SessionContract: Sendable {
    /// The refresh call.
    public var refresh: RefreshCall
    /// What an answer to an authenticated request means for the session.
    public var classify: @Sendable (HTTPResponse) -> ProtectedAnswer
    /// Whether an accepted answer to a request for `path` (without its query) shows that the
    /// person's profile is complete, while the session says it is not: the backend served a path
    /// it keeps behind its profile gate. The session then moves from "profile required" to
    /// "signed in" (a profile completed on another device).
    public var passesProfileGate: @Sendable (_ path: String, _ answer: HTTPResponse) -> Bool
    /// The call that tells the backend the person logs out, or `nil` when it has none (then
    /// logout only ends the session here). Wote's is `POST /api/auth/logout` with the access token
    /// and the device token (§4.3).
    public var logout: LogoutCall?
    /// The backend's code for the verdict that ends a session for a reason, kept in its
    /// ``SignOutRecord`` when a refresh or a request's answer ended it; none by default. Wote's are
    /// its division codes (``wote``).
    package var endingCode: @Sendable (SignOutReason) -> String?

    /// Creates a contract.
    ///
    /// - Parameters:
    ///   - refresh: how to ask for a new pair and read the answer.
    ///   - classify: what an answer on an authenticated path means.
    ///   - passesProfileGate: whether an accepted answer shows the profile is complete; by default
    ///     never (a backend without a profile gate; the app says so in `beginSession`).
    ///   - logout: the backend's logout call; by default none.
    public init(
        refresh: RefreshCall, classify: @escaping @Sendable (HTTPResponse) -> ProtectedAnswer,
        passesProfileGate: @escaping @Sendable (_ path: String, _ answer: HTTPResponse) -> Bool = { _, _ in false },
        logout: LogoutCall? = nil
    ) {
        self.init(
            refresh: refresh, classify: classify, passesProfileGate: passesProfileGate, logout: logout,
            endingCode: { _ in nil })
    }

    /// A contract whose verdicts end sessions with the backend's own codes (`endingCode`).
    package init(
        refresh: RefreshCall, classify: @escaping @Sendable (HTTPResponse) -> ProtectedAnswer,
        passesProfileGate: @escaping @Sendable (_ path: String, _ answer: HTTPResponse) -> Bool,
        logout: LogoutCall?, endingCode: @escaping @Sendable (SignOutReason) -> String?
    ) {
        self.refresh = refresh
        self.classify = classify
        self.passesProfileGate = passesProfileGate
        self.logout = logout
        self.endingCode = endingCode
    }
}
