/// A stand-in for Apple's Sign in with Apple REST endpoints that a withdrawal needs (TN3194): the
/// token endpoint (`POST https://appleid.apple.com/auth/token`, an authorization code exchanged for
/// a refresh token) and the revocation endpoint (`POST https://appleid.apple.com/auth/revoke`).
/// The reference server calls it in-process and records every call; `GET /__test/apple-revocations`
/// reads the record.
actor AppleStandIn {
    /// One revocation: the authorization code the client sent with its withdrawal, what the token
    /// endpoint exchanged it for, and the revocation call made with that token.
    struct Revocation: Encodable, Sendable, Equatable {
        /// The member's Apple name (`apple:<name>` codes).
        let member: String
        /// The authorization code sent with the withdrawal.
        let authorizationCode: String
        /// The refresh token the token endpoint returned for the code.
        let exchangedRefreshToken: String
        /// The token revoked, and its `token_type_hint`.
        let revokedToken: String
        let tokenTypeHint: String
    }

    private(set) var revocations: [Revocation] = []
    private var exchanges = 0

    /// `POST /auth/token` with `grant_type=authorization_code`: a code `apple:<name>` is exchanged for
    /// a refresh token of that user.
    /// - Returns: the user's name and the refresh token, or `nil` when the code is not one of Apple's.
    func exchange(code: String) -> (user: String, refreshToken: String)? {
        guard code.hasPrefix("apple:"), code.count > 6 else { return nil }
        exchanges += 1
        return (String(code.dropFirst(6)), "apple-refresh-\(exchanges)")
    }

    /// `POST /auth/revoke` with `token_type_hint=refresh_token`; recorded.
    func revoke(refreshToken: String, member: String, code: String) {
        revocations.append(
            Revocation(
                member: member, authorizationCode: code, exchangedRefreshToken: refreshToken, revokedToken: refreshToken,
                tokenTypeHint: "refresh_token"))
    }

    /// Forgets the record (`POST /__test/reset` with members).
    func reset() {
        revocations = []
    }
}
