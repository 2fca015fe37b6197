/// An answer to an authenticated request as the backend's contract read it, once: what it means
/// for the session, and whether it is the backend's own success (not a refusal, nor a proxy's page),
/// which the profile gate needs. `SessionContract.readAnswer` returns it.
///
/// ```swift
/// let readAnswer: @Sendable (HTTPResponse) -> AnswerMeaning = { answer in
///     switch answer.status {
///     case 401: AnswerMeaning(.accessTokenRejected, isSuccess: false)
///     case 200..<300: AnswerMeaning(.accepted, isSuccess: true)
///     default: AnswerMeaning(.accepted, isSuccess: false)
///     }
/// }
/// ```
public struct AnswerMeaning: Sendable, Equatable {
    /// What the answer means for the session.
    public var forSession: ProtectedAnswer
    /// Whether the answer is the backend's readable success; an answer behind the profile gate that
    /// is one shows the profile is complete.
    public var isSuccess: Bool

    /// Creates a reading.
    ///
    /// - Parameters:
    ///   - forSession: what the answer means for the session.
    ///   - isSuccess: whether it is the backend's readable success.
    public init(_ forSession: ProtectedAnswer, isSuccess: Bool) {
        self.forSession = forSession
        self.isSuccess = isSuccess
    }
}
