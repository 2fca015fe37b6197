package import WoteDomain

/// What may go into a request's header (RFC 9110 §5.1, §5.5): a name made of token characters,
/// a value without line breaks or other control characters (a tab aside).
///
/// A line break in a value would let its text start a header of its own (header injection).
/// URLSession's header setter drops such a value silently on Linux, and its whole-dictionary
/// setter (which WoteKit uses, being much cheaper there) checks nothing, so WoteKit checks here.
package enum HeaderField {
    /// Whether `name` is a non-empty token.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// Whether `value` has no control character other than a tab.
    package static func isValidValue(_ value: String) -> Bool {
        // A native string's bytes are checked in place: the generic walk of `utf8` was about a
        // microsecond of every request for a bearer token.
        let checked = value.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy(isValueByte) }
        return checked ?? value.utf8.allSatisfy(isValueByte)
    }

    private static func isValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }

    /// Refuses a header name that is not a token, as `argument`.
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` naming `argument`.
    package static func requireValidName(_ name: String, as argument: String) throws(WoteError) {
        guard isValidName(name) else {
            throw .invalidArgument(
                name: argument, reason: "a header name must be a token (letters, digits, !#$%&'*+-.^_`|~)")
        }
    }

    /// Refuses a header value with a control character, as `argument`, describing it as `subject`
    /// and never showing it (it may be a secret).
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` naming `argument`.
    package static func requireValidValue(_ value: String, as argument: String, subject: String) throws(WoteError) {
        guard isValidValue(value) else {
            throw .invalidArgument(name: argument, reason: "\(subject) holds a line break or another control character")
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
