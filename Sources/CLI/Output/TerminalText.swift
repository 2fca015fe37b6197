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
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
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
