import Foundation

/// Turns libFuzzer's raw input into the values a target needs.
enum FuzzInput {
    /// The input as bytes; libFuzzer may pass a null pointer with a zero size.
    static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// The input as text, every invalid UTF-8 sequence replaced by U+FFFD (as a server's
    /// lenient decoder or a terminal would).
    static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    /// `data` in unpadded base64url, the alphabet of a JWT segment.
    static func base64URL(_ data: Data) -> String {
        // Byte-wise rather than through NSString's replacingOccurrences, which is slow on Linux.
        let bytes = data.base64EncodedData().compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension FuzzInput {
    /// The input as a command line: arguments separated by NUL bytes (which no real argument can
    /// contain), the program name excluded. An empty input is no arguments at all.
    static func arguments(_ data: Data) -> [String] {
        guard !data.isEmpty else { return [] }
        return data.split(separator: 0, omittingEmptySubsequences: false).map { FuzzInput.text(Data($0)) }
    }
}
