/// `data` of the nickname check (§4.4).
struct NicknameCheckDTO: Encodable, Sendable {
    let isExist: Bool
}
