/// `POST /api/profiles/isValidNickname` (§4.4).
struct NicknameRequestDTO: Decodable, Sendable {
    let nickname: String
}
