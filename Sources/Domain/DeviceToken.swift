public import Foundation

/// A push device token: a non-empty, even-length string of hexadecimal digits.
public struct DeviceToken: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The token as lowercase hex.
    public let hex: String

    /// Checks that `hex` is hexadecimal: ASCII `0-9`, `a-f`, `A-F` only, at most 512 digits.
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` when it is not.
    public init(hex: String) throws(WoteError) {
        // Character.isHexDigit also accepts fullwidth digits (`０`, `ａ`), which no push service issues.
        let digits = hex.utf8
        guard !digits.isEmpty, digits.count.isMultiple(of: 2), digits.count <= 512,
            digits.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20)
            })
        else {
            throw .invalidArgument(name: "device token", reason: "must be an even number of hexadecimal digits")
        }
        self.hex = hex.lowercased()
    }

    /// Creates a token from raw bytes, as APNs hands them to the app.
    public init(bytes: Data) {
        hex = bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// The token as hex.
    public var description: String { hex }
}
