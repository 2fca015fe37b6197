/// The sign-up rules of §4.12. Each failure comes with a message meant for the person.
enum AccountRules {
    static let loginIdTakenMessage = "이미 사용 중인 아이디입니다."
    static let loginIdMessage = "아이디는 4~20자의 문자 또는 숫자여야 합니다."
    static let passwordMessage = "비밀번호는 8~64자이며 문자와 숫자를 각각 하나 이상 포함해야 합니다."
    static let nameMessage = "이름을 입력해 주세요."
    static let emailMessage = "이메일 주소에는 '@'가 하나 있어야 합니다."
    static let phoneMessage = "전화번호는 숫자와 '-'만 사용할 수 있습니다."

    /// - Returns: the message for the first field that breaks its rule, or `nil` when all are fine.
    static func firstViolation(loginId: String, password: String, name: String, email: String, phone: String) -> String? {
        if !(4...20).contains(loginId.count) || !loginId.allSatisfy({ $0.isLetter || $0.isDecimalDigit }) {
            return loginIdMessage
        }
        if !(8...64).contains(password.count) || !password.contains(where: \.isLetter)
            || !password.contains(where: \.isDecimalDigit)
        {
            return passwordMessage
        }
        if name.trimmingWhitespace().isEmpty || name.count > 50 {
            return nameMessage
        }
        if email.filter({ $0 == "@" }).count != 1 {
            return emailMessage
        }
        if !phone.contains(where: \.isASCIIDigit) || !phone.allSatisfy({ $0.isASCIIDigit || $0 == "-" }) {
            return phoneMessage
        }
        return nil
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isDecimalDigit }
}
