/// A source of login credentials: the adapter behind which Sign in with Apple, Kakao, or an
/// ID/password form sit, so the login use case treats them all alike.
///
/// ```swift
/// struct KakaoProvider: LoginProvider {
///     func credential() async throws(WoteError) -> LoginCredential {
///         .kakao(authorizationCode: try await askKakaoSDKForCode())
///     }
/// }
/// ```
public protocol LoginProvider: Sendable {
    /// Obtains a credential, showing the provider's own UI if it has one.
    ///
    /// - Returns: the credential to send to the server.
    /// - Throws: ``WoteError/cancelled`` when the person backs out, or another ``WoteError``.
    func credential() async throws(WoteError) -> LoginCredential
}
