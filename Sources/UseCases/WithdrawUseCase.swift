public import WoteDomain

/// Deletes the person's account on the server and ends the local session.
public struct WithdrawUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// Deletes the account. Ask the person to confirm before calling this: it cannot be undone.
    ///
    /// - Throws: ``WoteError/profileRequired`` while the profile is not completed (the account and
    ///   the session are kept); ``WoteError/notSignedIn``; a server or network failure, in which
    ///   case the local session has ended anyway.
    public func callAsFunction() async throws(WoteError) {
        try await auth.withdraw()
    }

    /// Deletes the account with the step-up `provider` asks for, and unlinks the provider after.
    ///
    /// In order: the provider's step-up (``LoginProvider/withdrawalStepUp()``: for Sign in with
    /// Apple, a fresh authorization code), before anything is sent; the withdrawal, carrying it;
    /// then, once the account is deleted, the provider's unlink
    /// (``LoginProvider/unlinkAfterWithdrawal()``, Kakao's), once.
    ///
    /// - Parameter provider: the provider the member signs in with.
    /// - Throws: ``WoteError/cancelled`` when the person backs out of the step-up or the task is
    ///   cancelled before the withdrawal is sent (nothing changed: the account and the session are
    ///   kept); as ``callAsFunction()`` for the withdrawal, and ``WoteError/rejected(code:message:)``
    ///   with code `A001` when the server refused the step-up (kept too); the unlink's failure after
    ///   the account was deleted and the session ended (a cancelled unlink as
    ///   ``WoteError/rejected(code:message:)``, never ``WoteError/cancelled``).
    public func callAsFunction(confirmingWith provider: some LoginProvider) async throws(WoteError) {
        let stepUp = try await provider.withdrawalStepUp()
        if Task.isCancelled { throw .cancelled }
        try await auth.withdraw(stepUp: stepUp)
        do {
            try await provider.unlinkAfterWithdrawal()
        } catch  where error == .cancelled {
            // The account is gone: a cancelled unlink must not read as "nothing changed".
            throw .rejected(code: nil, message: "the provider's unlink was cancelled after the account was deleted")
        }
    }

    /// Whether a withdrawal that failed with `error` kept the account and the session: backed out
    /// of the step-up (or cancelled before sending), refused while the profile is not completed, or
    /// the step-up refused by the server (A001). After any other failure the session has ended.
    ///
    /// - Parameter error: what the withdrawal threw.
    /// - Returns: `true` when nothing changed.
    public static func keptTheAccount(after error: WoteError) -> Bool {
        error == .cancelled || error == .profileRequired || error.code == "A001"
    }
}
