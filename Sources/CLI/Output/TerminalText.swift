/// Text from elsewhere (another member's post, a server's message) made inert for a terminal: every
/// scalar a terminal could act on is replaced by its visible escape, `\u{1B}` for ESC, so it is
/// printed, never obeyed.
///
/// Replaced: the C0 controls (U+0000–U+001F) except the tab, and the line feed where lines are
/// allowed; DEL (U+007F); the C1 controls (U+0080–U+009F, among them the 8-bit CSI, OSC and DCS);
/// the line and paragraph separators (U+2028, U+2029); and the bidirectional embeddings,
/// overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which
/// reorder what a person reads (``isFormatControl(_:)``). An escape sequence (CSI, OSC 52 clipboard writes, OSC 8 links, DCS)
/// loses its ESC, and so its meaning: what follows it is plain text. A carriage return is replaced
/// too (it would let a text overwrite its own line), except as part of a CRLF line break where lines
/// are allowed, which becomes a line feed.
///
/// The result holds none of those scalars, and making it inert again changes nothing. `--json`
/// output is never passed through here: ``JSONValue`` writes every one of those scalars as a
/// `\uXXXX` escape, which a JSON reader reads back as the same text.
package enum TerminalText {
    /// `text` with every control scalar replaced by its escape.
    ///
    /// - Parameters:
    ///   - text: the text to print.
    ///   - keepingLineBreaks: `true` for multi-line text (a post's contents, a whole screen): line
    ///     feeds stay; `false` for a one-line field (a title, a nickname): a line feed is escaped
    ///     too, so the field cannot fake a line of output of its own.
    package static func inert(_ text: String, keepingLineBreaks: Bool = true) -> String {
        guard holdsEscapable(text, lineFeed: !keepingLineBreaks) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if keepingLineBreaks && scalar == "\r" && pending == "\n" {
                continue  // CRLF: the line feed that follows is kept.
            }
            if needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `text` holds a scalar that ``inert(_:keepingLineBreaks:)`` escapes (and, as asked,
    /// the line feed, the tab, or JSON's `"` and `\\`), read from its UTF-8 bytes in one pass:
    /// every such scalar is one byte (C0, DEL, `"`, `\\`) or starts with `C2`, `D8` or `E2`, so
    /// text without any (nearly all of it) costs a byte scan, not a walk over its scalars.
    package static func holdsEscapable(
        _ text: String, lineFeed: Bool, tab: Bool = false, quoteAndBackslash: Bool = false
    ) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                switch byte {
                case 0x09: if tab { return true }
                case 0x0A: if lineFeed { return true }
                case 0x00...0x1F, 0x7F: return true
                case 0x22, 0x5C: if quoteAndBackslash { return true }
                case 0xC2:  // U+0080–U+009F: C2 80–C2 9F.
                    if index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F { return true }
                case 0xD8:  // U+061C: D8 9C.
                    if index + 1 < count, bytes[index + 1] == 0x9C { return true }
                case 0xE2:
                    if index + 2 < count {
                        let (second, third) = (bytes[index + 1], bytes[index + 2])
                        // U+200E, U+200F: E2 80 8E–8F; U+2028–U+202E: E2 80 A8–AE.
                        if second == 0x80, third == 0x8E || third == 0x8F || (third >= 0xA8 && third <= 0xAE) {
                            return true
                        }
                        // U+2066–U+2069: E2 81 A6–A9.
                        if second == 0x81, third >= 0xA6, third <= 0xA9 { return true }
                    }
                default: break
                }
                index += 1
            }
            return false
        }
    }

    /// Whether a terminal could act on `scalar`: a control or a bidirectional override.
    ///
    /// - Parameter keepingLineBreaks: whether a line feed is allowed.
    package static func isControl(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Bool {
        needsEscape(scalar, keepingLineBreaks: keepingLineBreaks)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingLineBreaks
        case 0x00...0x1F: true
        default: isFormatControl(scalar)
        }
    }

    /// Whether `scalar` is one a terminal could act on beyond the C0 controls: DEL, a C1 control,
    /// a line or paragraph separator, or a bidirectional embedding, override, isolate or mark.
    /// `--json` output escapes these too (``JSONValue``), so no output mode carries one raw.
    package static func isFormatControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `\u{1B}`: printable ASCII only, so it is left alone when made inert again.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
