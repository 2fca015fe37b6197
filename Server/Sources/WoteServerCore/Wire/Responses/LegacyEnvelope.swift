/// The older envelope of sign-up (§4.12): `{"status", "success", "message"}`.
struct LegacyEnvelope: Encodable, Sendable {
    let status: Int
    let success: Bool
    let message: String

    static let created = LegacyEnvelope(status: 200, success: true, message: "회원가입 성공")

    static func refused(_ message: String) -> LegacyEnvelope {
        LegacyEnvelope(status: 200, success: false, message: message)
    }

    static func malformed(_ message: String) -> LegacyEnvelope {
        LegacyEnvelope(status: 400, success: false, message: message)
    }
}
