/// What a ``LoginProvider`` hands over to sign in: a social authorization code or an ID and password.
///
/// Its description never shows the code or the password.
public enum LoginCredential: Sendable, Equatable, Hashable, CustomStringConvertible, CustomReflectable {
    /// An authorization code from Sign in with Apple, with Apple's user identifier when the sheet
    /// gave one (kept with the session, to notice when the person revokes the credential).
    case apple(authorizationCode: String, userID: String? = nil)
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

    /// Apple's user identifier, for a Sign in with Apple credential that carries one.
    public var appleUserID: String? {
        if case .apple(_, let userID) = self { userID } else { nil }
    }
}

extension LoginCredential: LoginProvider {
    /// A credential the app already has is its own provider: it hands itself over.
    public func credential() async throws(WoteError) -> LoginCredential { self }
}

extension LoginProvider where Self == LoginCredential {
    /// Sign in with an authorization code from Sign in with Apple: `wote.login(.apple(code), remember: true)`.
    public static func apple(_ authorizationCode: String) -> LoginCredential {
        .apple(authorizationCode: authorizationCode)
    }

    /// Sign in with an authorization code from Kakao login: `wote.login(.kakao(code), remember: true)`.
    public static func kakao(_ authorizationCode: String) -> LoginCredential {
        .kakao(authorizationCode: authorizationCode)
    }

    /// Sign in with a Wote account ID and password: `wote.login(.account(id, password: typed), remember: true)`.
    public static func account(_ loginId: String, password: String) -> LoginCredential {
        .password(loginId: loginId, password: password)
    }
}
