/// What a ``LoginProvider`` hands over to sign in: a social authorization code or an ID and password.
///
/// Its description never shows the code or the password.
public enum LoginCredential: Sendable, Equatable, Hashable, CustomStringConvertible, CustomReflectable {
    /// An authorization code from Sign in with Apple.
    case apple(authorizationCode: String)
    /// An authorization code from Kakao login.
    case kakao(authorizationCode: String)
    /// A Wote account ID and its password.
    case password(loginId: String, password: String)

    /// The kind of credential, with its secret redacted.
    public var description: String {
        switch self {
        case .apple: "LoginCredential.apple(<redacted>)"
        case .kakao: "LoginCredential.kakao(<redacted>)"
        case .password(let loginId, _): "LoginCredential.password(loginId: \(loginId), password: <redacted>)"
        }
    }

    /// A mirror without the secret.
    public var customMirror: Mirror { Mirror(self, children: ["credential": description]) }
}

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

/// A provider that hands over a credential obtained elsewhere: an authorization code the app
/// already has, or an ID and password typed into a form.
public struct FixedCredentialProvider: LoginProvider {
    private let value: LoginCredential

    /// Creates a provider that always yields `credential`.
    public init(_ credential: LoginCredential) {
        value = credential
    }

    /// Returns the credential given at creation.
    public func credential() async throws(WoteError) -> LoginCredential { value }
}
