/// `POST /api/auth/signup` (§4.12).
struct SignUpRequestDTO: Decodable, Sendable {
    let loginId: String
    let password: String
    let name: String
    let email: String
    let phone: String
}
