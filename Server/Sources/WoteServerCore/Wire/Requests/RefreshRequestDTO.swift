/// `POST /api/auth/refresh` (§4.2). A missing token is E016, not a parse error.
struct RefreshRequestDTO: Decodable, Sendable {
    let refreshToken: String?
}
