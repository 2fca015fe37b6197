/// `POST /api/auth/signin` (§4.13).
struct SignInRequestDTO: Decodable, Sendable {
    let loginId: String
    let password: String
}
