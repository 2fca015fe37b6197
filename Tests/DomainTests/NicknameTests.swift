import Testing
import WoteDomain

@Suite struct NicknameTests {
    @Test(arguments: ["투표왕", "ab", "Wote2026", "가나다라마바사아자차"])
    func accepts_lettersAndDigits_within2to10(_ text: String) throws {
        #expect(Nickname.violation(in: text) == nil)
        #expect(try Nickname(validating: text).value == text)
    }

    @Test func rejects_eachBrokenRule_withItsReason() {
        #expect(Nickname.violation(in: "") == .empty)
        #expect(Nickname.violation(in: "가") == .tooShort(minimum: 2))
        #expect(Nickname.violation(in: "가나다라마바사아자차카") == .tooLong(maximum: 10))
        #expect(Nickname.violation(in: "a b") == .containsWhitespace)
        #expect(Nickname.violation(in: "ab!") == .invalidCharacter("!"))
        #expect(throws: WoteError.invalidNickname(.tooShort(minimum: 2))) { try Nickname(validating: "x") }
    }

    @Test func countsCharacters_afterNFC() {
        // "가" decomposed into two jamo scalars is still one character a person sees.
        let decomposed = "\u{1100}\u{1161}\u{1100}\u{1161}"
        #expect(Nickname.violation(in: decomposed) == nil)
        #expect(try! Nickname(validating: decomposed).value == "가가")
    }
}
