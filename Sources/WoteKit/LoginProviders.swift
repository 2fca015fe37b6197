import WoteDomain

/// The sign-in adapters an app offers; `nil` means that way of signing in is not offered.
public struct LoginProviders: Sendable {
    /// Sign in with Apple.
    public var apple: (any LoginProvider)?
    /// Kakao login.
    public var kakao: (any LoginProvider)?

    /// Creates the set of providers.
    public init(apple: (any LoginProvider)? = nil, kakao: (any LoginProvider)? = nil) {
        self.apple = apple
        self.kakao = kakao
    }
}
