/// `POST /api/auth/logout` (§4.3) and `POST /api/notifications/tokens` (§4.9).
struct DeviceTokenRequestDTO: Decodable, Sendable {
    let deviceToken: String?
}

/// `POST /api/auth/logout` (§4.3): the device token, and the `[ext]` refresh token whose sign-in
/// the logout also ends.
struct LogoutRequestDTO: Decodable, Sendable {
    let deviceToken: String?
    let refreshToken: String?
}

/// `DELETE /api/members` (§4.8) with the `[ext]` body: a fresh Sign in with Apple authorization code,
/// so that the server can revoke the member's Apple tokens.
struct WithdrawalRequestDTO: Decodable, Sendable {
    let appleAuthorizationCode: String?
}
