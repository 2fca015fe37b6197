import Testing
import WoteCLI

/// The sanitiser every text for people goes through, in process: what it replaces, what it keeps,
/// and that a second pass changes nothing.
@Suite struct TerminalTextTests {
    @Test func everyControlScalar_isReplacedByItsVisibleEscape() {
        #expect(TerminalText.inert("a\u{1B}[2Jb") == #"a\u{1B}[2Jb"#)
        #expect(TerminalText.inert("\u{1B}]52;c;QQ==\u{7}") == #"\u{1B}]52;c;QQ==\u{7}"#)
        #expect(TerminalText.inert("x\u{9B}31my\u{9D}0;t\u{9C}") == #"x\u{9B}31my\u{9D}0;t\u{9C}"#)
        #expect(TerminalText.inert("\u{0}\u{8}\u{7F}") == #"\u{0}\u{8}\u{7F}"#)
        #expect(
            TerminalText.inert("abc\u{202E}gpj.exe\u{202C}\u{2066}\u{2069}")
                == #"abc\u{202E}gpj.exe\u{202C}\u{2066}\u{2069}"#)
        // The line and paragraph separators and the bidirectional marks too (review 2026-11-28, N5):
        // every output mode escapes the same set, `--json` as `\u2028`.
        #expect(
            TerminalText.inert("a\u{2028}b\u{2029}c\u{200E}d\u{200F}rtl mark\u{61C}")
                == #"a\u{2028}b\u{2029}c\u{200E}d\u{200F}rtl mark\u{61C}"#)
    }

    @Test func lineBreaksAndTabs_staySoTextReads_onlyWhereLinesAreAllowed() {
        #expect(TerminalText.inert("one\ntwo\tthree") == "one\ntwo\tthree")
        #expect(TerminalText.inert("one\r\ntwo\rthree") == "one\ntwo\\u{D}three")
        #expect(TerminalText.inert("title\nwote: fake", keepingLineBreaks: false) == #"title\u{A}wote: fake"#)
        #expect(TerminalText.inert("a\r\nb", keepingLineBreaks: false) == #"a\u{D}\u{A}b"#)
    }

    @Test(arguments: ["에어팟 살까? 🎧", "Buy AirPods Max?", "₩769,000 — «quoted» ‘text’", "مرحبا", "שלום עולם"])
    func ordinaryText_isLeftAsItIs(_ text: String) {
        #expect(TerminalText.inert(text) == text)
        #expect(TerminalText.inert(text, keepingLineBreaks: false) == text)
    }

    @Test func aSecondPass_changesNothing() {
        let hostile = "a\u{1B}]52;c;Y3VybA==\u{7}\u{1B}[2K\r\nSigned out\u{9B}31m\u{202E}x\u{7F}\\u{1B}"
        for keepingLineBreaks in [true, false] {
            let once = TerminalText.inert(hostile, keepingLineBreaks: keepingLineBreaks)
            #expect(TerminalText.inert(once, keepingLineBreaks: keepingLineBreaks) == once)
            #expect(!once.unicodeScalars.contains { TerminalText.isControl($0, keepingLineBreaks: keepingLineBreaks) })
        }
    }
}
