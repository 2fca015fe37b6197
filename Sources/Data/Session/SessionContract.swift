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

    /// Creates a contract.
    ///
    /// - Parameters:
    ///   - refresh: how to ask for a new pair and read the answer.
    ///   - classify: what an answer on an authenticated path means.
    public init(refresh: RefreshCall, classify: @escaping @Sendable (HTTPResponse) -> ProtectedAnswer) {
        self.refresh = refresh
        self.classify = classify
    }
}
