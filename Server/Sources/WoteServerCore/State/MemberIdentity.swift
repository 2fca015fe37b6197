/// How a member signs in; one member per identity.
enum MemberIdentity: Hashable, Sendable {
    /// `apple:<name>` on `/login/oauth2/code/apple`.
    case apple(String)
    /// `kakao:<name>` on `/login/oauth2/code/kakao`.
    case kakao(String)
    /// An ID/password account (§4.12).
    case account(loginId: String)
}
