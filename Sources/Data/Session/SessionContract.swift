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
    public var classify: @Sendable (HTTPResponse) -> ProtectedAnswer
    /// Whether an accepted answer to a request for `path` (without its query) shows that the
    /// person's profile is complete, while the session says it is not: the backend served a path
    /// it keeps behind its profile gate. The session then moves from "profile required" to
    /// "signed in" (a profile completed on another device).
    public var passesProfileGate: @Sendable (_ path: String, _ answer: HTTPResponse) -> Bool
    /// Whether `logout()` first sends the Wote logout call (`POST /api/auth/logout`, §4.3) while the
    /// access token is unexpired. Another backend's own logout call is the app's to send
    /// (`wote.perform(.post("/logout"))`) before `wote.logout()`: WoteKit never sends Wote's path
    /// to a backend that does not have it.
    public var sendsWoteLogout: Bool

    /// Creates a contract.
    ///
    /// - Parameters:
    ///   - refresh: how to ask for a new pair and read the answer.
    ///   - classify: what an answer on an authenticated path means.
    ///   - passesProfileGate: whether an accepted answer shows the profile is complete; by default
    ///     never (a backend without a profile gate; the app says so in `beginSession`).
    ///   - sendsWoteLogout: whether logout sends the Wote logout call first; by default not (another
    ///     backend).
    public init(
        refresh: RefreshCall, classify: @escaping @Sendable (HTTPResponse) -> ProtectedAnswer,
        passesProfileGate: @escaping @Sendable (_ path: String, _ answer: HTTPResponse) -> Bool = { _, _ in false },
        sendsWoteLogout: Bool = false
    ) {
        self.refresh = refresh
        self.classify = classify
        self.passesProfileGate = passesProfileGate
        self.sendsWoteLogout = sendsWoteLogout
    }
}
