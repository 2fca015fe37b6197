// Fuzz target `output-inert`: every output mode of the terminal front, fed server text (security
// review 2026-11-28, finding N5).
//
// Input: the whole input is a server's text (lenient UTF-8: a title, a nickname, a message, a
// division code) and, as bytes, a server's body for `wote api`.
//
// Properties, with "a control" meaning what a terminal could act on (written out here, not taken
// from the code under test): the C0 controls, DEL, the C1 controls, U+2028/U+2029 and the
// bidirectional embeddings, overrides, isolates and marks:
// - text output (a feed line, a post's detail, an error line, as `Terminal` writes them) holds no
//   control but the line feed (and the tab), and a one-line field no line feed either;
// - `--json` output (a feed, an error object, a string) is valid UTF-8 without a raw control, and
//   reads back as the same value;
// - `wote api`'s output for the body holds no raw control and no invalid UTF-8; when the body is
//   JSON, the output is JSON of the same value.
import Foundation
import WoteCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func outputInertTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzInput.data(bytes, count)
    let text = FuzzInput.text(data)

    // Text output: what `Terminal.print` and `printError` write.
    let post = JSONValue.object([
        ("postId", .number(count)), ("title", .string(text)), ("contents", .string(text)),
        ("author", .object([("id", .number(1)), ("nickname", .string(text))])),
        ("voteCounts", .object([("agreeCount", .number(1)), ("disagreeCount", .number(0))])),
        ("postStatus", .string(text)), ("externalURL", .string(text)), ("image", .string(text)),
        ("createDate", .string(text)), ("myChoice", .bool(count.isMultiple(of: 2))),
    ])
    let line = PostText.line(post)
    requireNoControl(line, lineFeedAllowed: false, "a feed line")
    requireNoControl(TerminalText.inert(PostText.lines([post, post])), lineFeedAllowed: true, "the feed")
    FuzzProperty.require(
        PostText.lines([post, post]).split(separator: "\n", omittingEmptySubsequences: false).count == 2,
        "a post's fields broke its feed line")
    requireNoControl(TerminalText.inert(PostText.detail(post)), lineFeedAllowed: true, "a post's detail")
    let failure = CommandFailure(kind: .rejected, message: text, code: text)
    requireNoControl(
        TerminalText.inert(WoteCommandLine.errorText(failure)), lineFeedAllowed: true, "an error line")

    // `--json` output: what `Terminal.printExact` writes.
    requireInertJSON(.string(text), "a string")
    requireInertJSON(.object([("posts", .array([post]))]), "the feed")
    requireInertJSON(failure.json, "an error object")
    requireInertJSON(.object([(text, .string(text))]), "a key")

    // `wote api`: the body as bytes, and the text inside a JSON envelope.
    requireInertBody(data)
    requireInertBody(Data(JSONValue.object([("status", .number(200)), ("message", .string(text))]).text.utf8))
    requireInertBody(Data(("{\"message\":\"" + text + "\"}").utf8))
    return 0
}

/// What a terminal could act on.
private func isControl(_ scalar: Unicode.Scalar, lineFeedAllowed: Bool) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x0A: !lineFeedAllowed
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
}

private func requireNoControl(_ output: String, lineFeedAllowed: Bool, _ what: String) {
    if let control = output.unicodeScalars.first(where: { isControl($0, lineFeedAllowed: lineFeedAllowed) }) {
        FuzzProperty.fail("U+\(String(control.value, radix: 16)) raw in \(what): \(output.debugDescription)")
    }
}

/// The bytes as UTF-8 text, or `nil` when they are not valid UTF-8.
private func strictText(_ bytes: Data) -> String? {
    var scalars = String.UnicodeScalarView()
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): scalars.append(scalar)
        case .emptyInput: return String(scalars)
        case .error: return nil
        }
    }
}

private func requireInertJSON(_ value: JSONValue, _ what: String) {
    let output = value.text
    requireNoControl(output, lineFeedAllowed: false, "the --json output of \(what)")
    FuzzProperty.require(
        JSONValue.parse(Data(output.utf8)) == value, "the --json output of \(what) reads back as another value: \(output)")
}

private func requireInertBody(_ body: Data) {
    let output = APICommand.printableBody(body)
    guard let text = strictText(output) else { FuzzProperty.fail("wote api wrote bytes that are not UTF-8") }
    requireNoControl(text, lineFeedAllowed: true, "wote api's output")
    if let value = JSONValue.parse(body) {
        FuzzProperty.require(JSONValue.parse(output) == value, "wote api changed a JSON body's value: \(text)")
    }
}
