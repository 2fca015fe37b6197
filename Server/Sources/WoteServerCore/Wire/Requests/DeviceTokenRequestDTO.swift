/// `POST /api/auth/logout` (§4.3) and `POST /api/notifications/tokens` (§4.9).
struct DeviceTokenRequestDTO: Decodable, Sendable {
    let deviceToken: String?
}
