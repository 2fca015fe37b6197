/// The fields of an ID/password sign-up, checked locally before anything is sent.
///
/// Its description never shows the password.
public struct SignUpForm: Sendable, Equatable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The account ID: 4 to 20 letters or digits.
    public var loginId: String
    /// The password: 8 to 64 characters with at least one letter and one digit.
    public var password: String
    /// The person's name: not blank, at most 50 characters.
    public var name: String
    /// The e-mail address: exactly one `@` with text on both sides.
    public var email: String
    /// The phone number: digits and dashes, with at least one digit.
    public var phone: String

    /// Creates a form.
    public init(loginId: String, password: String, name: String, email: String, phone: String) {
        self.loginId = loginId
        self.password = password
        self.name = name
        self.email = email
        self.phone = phone
    }

    /// The text of one field, so a screen or a test can read and write the form field by field.
    ///
    /// ```swift
    /// var form = SignUpForm(loginId: "wote01", password: "vote1234", name: "김투표", email: "", phone: "010-1234-5678")
    /// form[.email] = "vote@wote.kr"
    /// ```
    public subscript(field: SignUpField) -> String {
        get { self[keyPath: Self.keyPath(of: field)] }
        set { self[keyPath: Self.keyPath(of: field)] = newValue }
    }

    private static func keyPath(of field: SignUpField) -> WritableKeyPath<SignUpForm, String> {
        switch field {
        case .loginId: \.loginId
        case .password: \.password
        case .name: \.name
        case .email: \.email
        case .phone: \.phone
        }
    }

    /// The problem with one field, or `nil` when it is fine.
    ///
    /// - Parameter field: the field to check.
    /// - Returns: a sentence for the person, naming what is wrong.
    public func problem(with field: SignUpField) -> String? {
        switch field {
        case .loginId:
            let count = loginId.count
            guard (4...20).contains(count) else { return WoteLocalization.text("signUp.loginIdLength") }
            guard loginId.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                return WoteLocalization.text("signUp.loginIdCharacters")
            }
            return nil
        case .password:
            guard (8...64).contains(password.count) else { return WoteLocalization.text("signUp.passwordLength") }
            guard password.contains(where: \.isLetter), password.contains(where: Self.isDecimalDigit) else {
                return WoteLocalization.text("signUp.passwordCharacters")
            }
            return nil
        case .name:
            let trimmed = name.filter { !$0.isWhitespace }
            if trimmed.isEmpty { return WoteLocalization.text("signUp.nameEmpty") }
            return name.count > 50 ? WoteLocalization.text("signUp.nameTooLong") : nil
        case .email:
            let parts = email.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !email.contains(where: \.isWhitespace)
            else { return WoteLocalization.text("signUp.email") }
            return nil
        case .phone:
            let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
            guard phone.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || digits.contains($0) }),
                phone.utf8.contains(where: digits.contains)
            else { return WoteLocalization.text("signUp.phone") }
            return nil
        }
    }

    /// A single decimal digit (Unicode `Nd`, such as `0`–`9`), as the server counts digits: not `½`
    /// or `²`, which `Character.isNumber` also accepts.
    private static func isDecimalDigit(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1
            && character.unicodeScalars.first?.properties.generalCategory == .decimalNumber
    }

    /// Checks every field in form order.
    ///
    /// - Throws: ``WoteError/invalidField(_:reason:)`` for the first field that breaks its rule.
    public func validate() throws(WoteError) {
        for field in SignUpField.allCases {
            if let reason = problem(with: field) { throw .invalidField(field, reason: reason) }
        }
    }

    /// The form with the password redacted.
    public var description: String {
        "SignUpForm(loginId: \(loginId), password: <redacted>, name: \(name), email: \(email), phone: \(phone))"
    }

    /// A mirror without the password.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "loginId": loginId, "password": "<redacted>", "name": name, "email": email, "phone": phone,
            ], displayStyle: .struct)
    }
}
