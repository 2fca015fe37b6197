import Testing
import WoteData

/// Turning an origin or a Keychain service into one file name: safe, stable, and never the same name
/// for two different texts.
@Suite struct SafeFileNameTests {
    @Test func plainHostnames_stayReadable() {
        #expect(SafeFileName.make("api.wote.example") == "api.wote.example")
        #expect(SafeFileName.make("staging-1.wote.example") == "staging-1.wote.example")
    }

    @Test(arguments: ["", ".", "..", "...", "/", "a/b", "../etc", "a:b", "[::1]", "%2F", "한글", "a\nb", "a b"])
    func anyText_becomesOneSafeName(_ text: String) {
        let name = SafeFileName.make(text)
        #expect(!name.isEmpty)
        #expect(name != "." && name != ".." && !name.hasPrefix("."))
        #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
    }

    @Test(arguments: [("a_b", "a:b"), ("a_2F", "a/"), ("a.b", "a_2Eb"), ("A", "a"), ("-", "_2D")])
    func differentTexts_neverShareAName(_ first: String, _ second: String) {
        #expect(SafeFileName.make(first) != SafeFileName.make(second))
    }

    @Test func longText_isCut_andEndsInAHashOfTheWhole() {
        let long = String(repeating: "a", count: 300)
        let longer = long + "b"
        #expect(SafeFileName.make(long).count <= 120)
        #expect(SafeFileName.make(long) != SafeFileName.make(longer))
        #expect(SafeFileName.make(long) == SafeFileName.make(long))
    }
}
