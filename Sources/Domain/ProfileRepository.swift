/// The member's profile on the server.
public protocol ProfileRepository: Sendable {
    /// Asks the server whether `nickname` is free.
    ///
    /// - Returns: `true` when nobody uses it.
    func isNicknameAvailable(_ nickname: Nickname) async throws(WoteError) -> Bool

    /// Completes the profile; afterwards the session is ``AuthenticationState/signedIn``.
    ///
    /// - Throws: ``WoteError/nicknameTaken``, ``WoteError/rejected(code:message:)`` and others.
    func completeProfile(_ draft: ProfileDraft) async throws(WoteError)

    /// Fetches the signed-in member's profile.
    func fetchMyProfile() async throws(WoteError) -> User

    /// Sets the member's consumer type.
    func setConsumerType(_ consumerType: ConsumerType) async throws(WoteError)
}
