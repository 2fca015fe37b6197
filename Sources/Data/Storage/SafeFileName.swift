/// Turns any text (an API origin, a Keychain service) into one safe file or directory name.
///
/// Letters, digits, `.` and `-` are kept; every other byte (including `_`, `/`, `:` and `%`) is
/// written `_XX` in hexadecimal, so two different texts never give the same name and no name is
/// `.` or `..` or holds a separator. A name that would be long is cut and ends in a hash of the
/// whole text.
package enum SafeFileName {
    /// Longest name produced; far below the 255 bytes file systems allow.
    static let maximumLength = 120

    /// A file name for `text`.
    ///
    /// - Parameter text: anything.
    /// - Returns: a non-empty name of at most ``maximumLength`` ASCII characters.
    package static func make(_ text: String) -> String {
        var name = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ".") where !name.isEmpty:
                name.append(".")
            default:
                name += "_" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        if name.isEmpty { return "_" }
        guard name.count > maximumLength else { return name }
        let hash = String(fnv1a(text), radix: 16).leftPadded(to: 16)
        return String(name.prefix(maximumLength - 17)) + "-" + hash
    }

    /// FNV-1a, 64 bits: stable across runs and platforms (unlike `Hasher`).
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
