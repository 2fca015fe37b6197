package import Foundation

/// The `application/x-www-form-urlencoded` body of the social login (§4.1).
///
/// Every byte outside the RFC 3986 unreserved set (`A-Z a-z 0-9 - . _ ~`) is percent-encoded from
/// its UTF-8 form with upper-case hex, a space included (`%20`, never `+`): so `+`, `&` and `=`
/// inside a value can never be read as a space or a field separator, and every form decoder reads
/// the result the same way.
package enum FormURLEncoder {
    /// The media type of the encoded body.
    package static let contentType = "application/x-www-form-urlencoded"

    /// Encodes `fields` in order as `name=value` pairs joined by `&`.
    ///
    /// - Parameter fields: names and values, unencoded.
    /// - Returns: the body bytes (ASCII).
    package static func encode(_ fields: [(name: String, value: String)]) -> Data {
        let text = fields.map { "\(percentEncoded($0.name))=\(percentEncoded($0.value))" }.joined(separator: "&")
        return Data(text.utf8)
    }

    /// `text` with every byte outside the unreserved set written as `%XX`.
    package static func percentEncoded(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%"
                result.unicodeScalars.append(hexDigit(byte >> 4))
                result.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ value: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10)
    }
}
