/// The contract's paths (§4), in one place.
enum APIPaths {
    static let appleLogin = "/login/oauth2/code/apple"
    static let kakaoLogin = "/login/oauth2/code/kakao"
    static let refresh = "/api/auth/refresh"
    static let logout = "/api/auth/logout"
    /// `[ext]`: ends every sign-in of the member.
    static let logoutEverywhere = "/api/auth/logout/everywhere"
    static let signUp = "/api/auth/signup"
    static let signIn = "/api/auth/signin"
    static let nicknameCheck = "/api/profiles/isValidNickname"
    static let profiles = "/api/profiles"
    static let consumerType = "/api/profiles/consumerType"
    static let members = "/api/members"
    static let deviceTokens = "/api/notifications/tokens"
    static let images = "/images"
    static let postImages = "/images/posts"
    static let posts = "/api/posts"
    static let comments = "/api/comments"
    static let testHooks = "/__test"

    static func isTestHook(_ path: String) -> Bool {
        path == testHooks || path.hasPrefix(testHooks + "/")
    }
}
