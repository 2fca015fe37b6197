/// A source of login credentials: the adapter behind which Sign in with Apple, Kakao, or an
/// ID/password form sit, so the login use case treats them all alike. It also gives what a
/// withdrawal needs from the provider: a step-up asked before anything is sent (a fresh Sign in with
/// Apple authorization code) and an unlink after the account is deleted (Kakao's).
///
/// ```swift
/// struct KakaoProvider: LoginProvider {
///     func credential() async throws(WoteError) -> LoginCredential {
///         .kakao(authorizationCode: try await askKakaoSDKForCode())
///     }
///
///     func unlinkAfterWithdrawal() async throws(WoteError) {
///         try await askKakaoSDKToUnlink()
///     }
/// }
/// ```
public protocol LoginProvider: Sendable {
    /// Obtains a credential, showing the provider's own UI if it has one.
    ///
    /// - Returns: the credential to send to the server.
    /// - Throws: ``WoteError/cancelled`` when the person backs out, or another ``WoteError``.
    func credential() async throws(WoteError) -> LoginCredential

    /// What a withdrawal needs from this provider, asked before anything is sent: for Sign in with
    /// Apple, a fresh authorization code, which the server exchanges and revokes at Apple (App Review
    /// Guideline 5.1.1(v), Apple's TN3194). The default asks nothing (``WithdrawalStepUp/notNeeded``).
    ///
    /// - Returns: what to send with the withdrawal.
    /// - Throws: ``WoteError/cancelled`` when the person backs out: the withdrawal stops there and
    ///   nothing changes (the account and the session are kept).
    func withdrawalStepUp() async throws(WoteError) -> WithdrawalStepUp

    /// Unlinks the app from the person's provider account, once the server has deleted the Wote
    /// account: Kakao's `UserApi.shared.unlink`, which the app's Kakao adapter calls (the Kakao SDK
    /// is not a WoteKit dependency). Called once per withdrawal; the default does nothing.
    ///
    /// - Throws: the provider's failure; the account is deleted and the session has ended all the
    ///   same, so the app may call its unlink again.
    func unlinkAfterWithdrawal() async throws(WoteError)
}

extension LoginProvider {
    /// Asks nothing: a provider whose withdrawal needs no step-up.
    ///
    /// - Returns: ``WithdrawalStepUp/notNeeded``.
    public func withdrawalStepUp() async throws(WoteError) -> WithdrawalStepUp { .notNeeded }

    /// Does nothing: a provider with nothing to unlink.
    public func unlinkAfterWithdrawal() async throws(WoteError) {}
}

/// What a withdrawal sends besides the access token, from ``LoginProvider/withdrawalStepUp()``:
/// nothing, or a fresh Sign in with Apple authorization code for the server to revoke the member's
/// Apple tokens with. Its description never shows the code.
///
/// ```swift
/// let stepUp = WithdrawalStepUp.appleAuthorizationCode(code)  // a code Sign in with Apple gave just now
/// ```
public struct WithdrawalStepUp: Sendable, Equatable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The fresh Sign in with Apple authorization code, if any.
    package let appleAuthorizationCode: String?

    private init(appleAuthorizationCode: String?) {
        self.appleAuthorizationCode = appleAuthorizationCode
    }

    /// Nothing beyond the access token: an ID/password or Kakao member.
    public static let notNeeded = WithdrawalStepUp(appleAuthorizationCode: nil)

    /// A fresh authorization code from Sign in with Apple, sent with the withdrawal (the `[ext]`
    /// `appleAuthorizationCode` field) so that the server revokes the member's Apple tokens.
    ///
    /// - Parameter code: the code of an `ASAuthorizationAppleIDCredential` obtained just now.
    /// - Returns: the step-up.
    public static func appleAuthorizationCode(_ code: String) -> WithdrawalStepUp {
        WithdrawalStepUp(appleAuthorizationCode: code)
    }

    /// Which step-up this is, without the code.
    public var description: String {
        appleAuthorizationCode == nil
            ? "WithdrawalStepUp.notNeeded" : "WithdrawalStepUp.appleAuthorizationCode(<redacted>)"
    }

    /// A mirror without the code.
    public var customMirror: Mirror { Mirror(self, children: ["stepUp": description]) }
}

extension LoginCredential {
    /// A credential the app already has confirms a withdrawal too: an Apple authorization code is
    /// sent as the step-up (``WithdrawalStepUp/appleAuthorizationCode(_:)``); Kakao codes and
    /// passwords need none.
    ///
    /// - Returns: the step-up this credential gives.
    public func withdrawalStepUp() async throws(WoteError) -> WithdrawalStepUp {
        if case .apple(let code, _) = self { return .appleAuthorizationCode(code) }
        return .notNeeded
    }
}
