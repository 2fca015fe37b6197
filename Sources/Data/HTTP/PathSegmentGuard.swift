/// Whether a request path could be read by a server or proxy in front of the API as leaving the
/// base URL's path: a `.` or `..` segment, or a separator that only appears once an escape is
/// decoded. Works on bytes: no decoding goes through `String`, so an escape that is not UTF-8
/// (`%FF`) cannot switch the check off (security review 2026-11-28, N1).
///
/// A path is refused when, at its raw level or after any number of percent-decoding passes
/// (`%XX`, and IIS's `%uXXXX` for ASCII):
/// - a segment, split on `/` and `\`, is `.` or `..` once what follows a `;` (a path parameter, as
///   Tomcat and other servlet containers strip it) or a NUL is dropped and ASCII spaces and
///   controls around it are trimmed;
/// - a `/` or `\` comes from an escape (`%2F`, `%5C`, `%252F`, …): a proxy that decodes before it
///   normalises sees two segments where the client sent one;
/// - a `\` appears at all (some servers take it as a separator);
/// - an overlong UTF-8 sequence appears (`%C0%AE` is `.` to a lax decoder);
/// - the escapes nest deeper than any server decodes (more than eight passes).
package enum PathSegmentGuard {
    /// The most decoding passes looked at; a path still changing after them is refused.
    private static let maximumPasses = 8

    /// Whether `path` is refused (see the type's description).
    package static func refuses(_ path: some Sequence<UInt8>) -> Bool {
        var bytes = Array(path)
        var pass = 0
        while true {
            if holdsDotSegmentOrBackslash(bytes) || holdsOverlongSequence(bytes) { return true }
            guard let (decoded, decodedSeparator) = decodedOnce(bytes) else { return false }
            if decodedSeparator { return true }
            pass += 1
            if pass > maximumPasses { return true }
            bytes = decoded
        }
    }

    /// Whether `bytes`, split on `/`, hold a dot segment (see the type's description), or any `\`.
    private static func holdsDotSegmentOrBackslash(_ bytes: [UInt8]) -> Bool {
        if bytes.contains(UInt8(ascii: "\\")) { return true }
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            if isDotSegment(bytes[start..<end]) { return true }
            start = end + 1
        }
        return false
    }

    /// Whether one segment reads as `.` or `..`.
    private static func isDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
        var name = segment
        if let cut = name.firstIndex(where: { $0 == UInt8(ascii: ";") || $0 == 0 }) { name = name[..<cut] }
        while let first = name.first, first <= 0x20 || first == 0x7F { name = name.dropFirst() }
        while let last = name.last, last <= 0x20 || last == 0x7F { name = name.dropLast() }
        return !name.isEmpty && name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// Whether `bytes` hold an overlong UTF-8 sequence (a lead byte `C0`/`C1`, `E0 80`–`E0 9F`,
    /// `F0 80`–`F0 8F`): never valid UTF-8, and an ASCII character to a decoder that accepts it.
    private static func holdsOverlongSequence(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0xC0 || byte == 0xC1 { return true }
            guard index + 1 < bytes.count else { continue }
            let next = bytes[index + 1]
            if byte == 0xE0 && (0x80...0x9F).contains(next) { return true }
            if byte == 0xF0 && (0x80...0x8F).contains(next) { return true }
        }
        return false
    }

    /// `bytes` with every `%XX` (and `%uXXXX` below 0x80) decoded once, and whether a decoded byte
    /// is `/` or `\`; `nil` when there is nothing to decode.
    private static func decodedOnce(_ bytes: [UInt8]) -> (bytes: [UInt8], decodedSeparator: Bool)? {
        guard bytes.contains(UInt8(ascii: "%")) else { return nil }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var decodedSeparator = false
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var value: UInt32?
            var length = 0
            if byte == UInt8(ascii: "%") {
                if index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                {
                    (value, length) = (high << 4 | low, 3)
                } else if index + 5 < bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "u"),
                    let digits = hexValue(of: bytes[(index + 2)..<(index + 6)]), digits < 0x80
                {
                    (value, length) = (digits, 6)
                }
            }
            if let value {
                let decodedByte = UInt8(value)
                decodedSeparator =
                    decodedSeparator || decodedByte == UInt8(ascii: "/") || decodedByte == UInt8(ascii: "\\")
                decoded.append(decodedByte)
                changed = true
                index += length
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        return changed ? (decoded, decodedSeparator) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func hexValue(of digits: ArraySlice<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for digit in digits {
            guard let nibble = hexValue(digit) else { return nil }
            value = value << 4 | nibble
        }
        return value
    }
}
