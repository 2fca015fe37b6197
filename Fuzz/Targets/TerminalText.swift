// Fuzz target `terminal-text`: the CLI's sanitiser for text from elsewhere (`TerminalText.inert`)
// and the redaction of server text (`LogRedaction.redacting`, `WoteError.message`).
//
// Input: byte 0 picks a token shape, byte 1 a variant (separator, key, encoding), bytes 2..<10 seed
// the token, byte 10 where it is planted; the rest is the surrounding text (lenient UTF-8).
//
// Properties:
// - the sanitiser's output holds no C0 control (but the tab, and the line feed where lines are
//   allowed), no DEL, no C1 control, no line or paragraph separator and no bidirectional
//   override, isolate or mark; a second pass
//   changes nothing; a text without any of those comes back as it was;
// - a token planted in the text, in any shape the redaction promises to mask, never comes out of
//   `LogRedaction.redacting` or `WoteError.message`/`localizedDescription` more often than the
//   surrounding text alone holds it.
import Foundation
import WoteCLI
import WoteDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func terminalTextTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzInput.data(bytes, count)
    requireInert(FuzzInput.text(data))
    guard data.count >= 11 else { return 0 }
    let header = [UInt8](data.prefix(11))
    // No `%` around the token: decoding it could spell the token out of text that does not hold it.
    let surrounding = FuzzInput.text(data.dropFirst(11)).filter { $0 != "%" }
    let split = surrounding.index(
        surrounding.startIndex, offsetBy: Int(header[10]) % (surrounding.count + 1))
    let (prefix, suffix) = (String(surrounding[..<split]), String(surrounding[split...]))
    let planted = PlantedToken(shape: header[0], variant: header[1], seed: Array(header[2..<10]))
    let text = prefix + " " + planted.text + " " + suffix
    let allowed = occurrences(of: planted.token, in: prefix) + occurrences(of: planted.token, in: suffix)
    let error = WoteError.rejected(code: nil, message: text)
    for (what, output) in [
        ("LogRedaction.redacting", LogRedaction.redacting(text)), ("WoteError.message", error.message),
        ("localizedDescription", error.localizedDescription),
    ] {
        FuzzProperty.require(
            occurrences(of: planted.token, in: output) <= allowed,
            "\(what) let the planted \(planted.shapeName) token '\(planted.token)' through: \(output)")
    }
    requireInert(error.message)
    return 0
}

/// The sanitiser's properties for `text`, in both modes.
private func requireInert(_ text: String) {
    for keepingLineBreaks in [true, false] {
        let once = TerminalText.inert(text, keepingLineBreaks: keepingLineBreaks)
        if let control = once.unicodeScalars.first(where: { isTerminalControl($0, lineFeedAllowed: keepingLineBreaks) }) {
            FuzzProperty.fail("U+\(String(control.value, radix: 16)) left in the sanitised text")
        }
        FuzzProperty.require(
            TerminalText.inert(once, keepingLineBreaks: keepingLineBreaks) == once, "a second pass changed the text")
        if !text.unicodeScalars.contains(where: { isTerminalControl($0, lineFeedAllowed: keepingLineBreaks) }) {
            FuzzProperty.require(once == text, "a text without controls was changed")
        }
    }
}

/// What a terminal could act on, written out here rather than taken from the code under test.
private func isTerminalControl(_ scalar: Unicode.Scalar, lineFeedAllowed: Bool) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x0A: !lineFeedAllowed
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
}

private func occurrences(of token: String, in text: String) -> Int {
    guard !token.isEmpty else { return 0 }
    var count = 0
    var rest = text[...]
    while let range = rest.range(of: token) {
        count += 1
        rest = rest[range.upperBound...]
    }
    return count
}

/// A credential in one of the shapes the redaction masks, and the text that carries it.
private struct PlantedToken {
    /// The credential itself, as it must never come out.
    var token: String
    /// The credential in its context (`Bearer\t…`, `token=…`, percent-encoded).
    var text: String
    var shapeName: String

    init(shape: UInt8, variant: UInt8, seed: [UInt8]) {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        let digits = Array("0123456789")
        let base64URL = letters + digits + ["-", "_"]
        func pick(_ alphabet: [Character], _ index: Int) -> Character {
            alphabet[Int(seed[index % seed.count] &+ UInt8(truncatingIfNeeded: index * 31)) % alphabet.count]
        }
        let length = 16 + Int(variant % 25)
        switch shape % 9 {
        case 0:
            shapeName = "opaque letters and digits"
            token = String((0..<length).map { $0.isMultiple(of: 2) ? pick(letters, $0) : pick(digits, $0) })
            text = token
        case 1:
            shapeName = "letters only"
            token = String((0..<length).map { $0 < 6 ? pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), $0) : pick(letters, $0) })
            text = token
        case 2:
            shapeName = "digits only"
            token = String((0..<length).map { pick(digits, $0) })
            text = token
        case 3:
            shapeName = "hex"
            token = String((0..<length).map { $0.isMultiple(of: 3) ? pick(digits, $0) : pick(Array("abcdef"), $0) })
            text = token
        case 4:
            shapeName = "JWT"
            let segment = { (offset: Int) in String((0..<10).map { pick(base64URL, $0 + offset) }) }
            token = "eyJ" + segment(0) + "1." + "eyJ" + segment(10) + "2." + segment(20) + "9"
            text = token
        case 5:
            shapeName = "after Bearer"
            // A digit first: no word of the context (`Bearer`, a key) can hold the token.
            token = String(pick(digits, 99)) + String((0..<Int(variant % 12)).map { pick(base64URL, $0) })
            let separators = [" ", "\t", ":", "=", ": ", " \t ", "\t\t", " :"]
            text = ["Bearer", "bearer", "BEARER", "Basic"][Int(seed[0] % 4)] + separators[Int(variant / 16) % 8] + token
        case 6:
            shapeName = "a credential's value"
            token = String(pick(digits, 98)) + String((0..<Int(variant % 12)).map { pick(letters + digits, $0) })
            let keys = ["token", "access_token", "refreshToken", "password", "sig", "id-token", "apiKey"]
            let key = keys[Int(seed[0]) % keys.count]
            text =
                variant.isMultiple(of: 2)
                ? "\(key)=\(token)" : "{\"\(key)\"\(variant.isMultiple(of: 3) ? ": " : ":")\"\(token)\"}"
        case 7:
            shapeName = "percent-encoded"
            token = String((0..<length).map { $0.isMultiple(of: 2) ? pick(letters, $0) : pick(digits, $0) }) + "+/="
            text = token.unicodeScalars.map { scalar in
                let encodeAll = variant.isMultiple(of: 2)
                guard encodeAll || "+/=".unicodeScalars.contains(scalar) else { return String(scalar) }
                return "%" + String(scalar.value, radix: 16, uppercase: variant.isMultiple(of: 3))
            }.joined()
            // What must not come out is the token read as it was meant, without its padding.
            token = String(token.dropLast(3))
        default:
            shapeName = "UUID"
            let hex = Array("0123456789abcdef")
            let chars = (0..<32).map { $0.isMultiple(of: 2) ? pick(Array("abcdef"), $0) : pick(hex, $0) }
            let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }
            token = groups[0]
            text = groups.joined(separator: "-")
        }
    }
}
