/// The `profileRequest` part of `POST /api/profiles` (§4.5).
struct ProfileRequestDTO: Decodable, Sendable {
    let nickname: String
    let school: School
}
