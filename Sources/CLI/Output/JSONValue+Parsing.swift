package import Foundation

extension JSONValue {
    /// Reads JSON text, keeping object keys in the order they came, so the server's objects are
    /// printed as it sent them (`wote feed --json`, `wote post show --json`).
    ///
    /// - Parameter data: UTF-8 JSON text.
    /// - Returns: the value, or `nil` when `data` is not exactly one JSON value.
    package static func parse(_ data: Data) -> JSONValue? {
        // Over the bytes in place: no copy, and no reference counting for each byte read.
        data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipWhitespace()
            return reader.isAtEnd ? value : nil
        }
    }

    /// The member `key` of an object; `nil` for anything else or a missing key.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The integer, when this is one.
    package var intValue: Int? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string, when this is one.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is one.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

/// A small recursive-descent JSON reader over UTF-8 bytes (RFC 8259), nesting at most 512 deep.
private struct JSONReader {
    /// The text; valid for the reader's whole life (``JSONValue/parse(_:)`` keeps it alive).
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) -> JSONValue? {
        guard depth < 512 else { return nil }
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return word("true", .bool(true))
        case UInt8(ascii: "f"): return word("false", .bool(false))
        case UInt8(ascii: "n"): return word("null", .null)
        default: return number()
        }
    }

    private mutating func word(_ text: String, _ value: JSONValue) -> JSONValue? {
        let expected = Array(text.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            return nil
        }
        index += expected.count
        return value
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if consume("}") { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard consume(":"), let member = value(depth: depth + 1) else { return nil }
            members.append((key, member))
            skipWhitespace()
        } while consume(",")
        return consume("}") ? .object(members) : nil
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if consume("]") { return .array(values) }
        repeat {
            guard let element = value(depth: depth + 1) else { return nil }
            values.append(element)
            skipWhitespace()
        } while consume(",")
        return consume("]") ? .array(values) : nil
    }

    private mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func number() -> JSONValue? {
        let start = index
        _ = consume("-")
        let firstDigit = index
        let count = digits()
        // A leading zero stands alone.
        guard count > 0, count == 1 || bytes[firstDigit] != UInt8(ascii: "0") else { return nil }
        var isInteger = true
        if consume(".") {
            isInteger = false
            guard digits() > 0 else { return nil }
        }
        if consume("e") || consume("E") {
            isInteger = false
            if !consume("+") { _ = consume("-") }
            guard digits() > 0 else { return nil }
        }
        // A short integer is read from its digits directly (no text made): a feed of millions of
        // small numbers stays cheap to read.
        if isInteger && count <= 18 {
            var value = 0
            for digit in bytes[firstDigit..<index] { value = value * 10 + Int(digit &- UInt8(ascii: "0")) }
            return .number(firstDigit > start ? -value : value)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .number(integer) }
        return .literal(text)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index - start
    }

    private mutating func string() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var pendingHighSurrogate: UInt32?
        var run: [UInt8] = []
        // The bytes since the last escape, decoded strictly: an invalid UTF-8 sequence refuses the
        // text. (`String(validating:as:)` does the same, but needs macOS 15 and iOS 18.)
        func flush(_ scalars: inout String.UnicodeScalarView, _ run: inout [UInt8]) -> Bool {
            guard !run.isEmpty else { return true }
            var decoder = UTF8()
            var bytes = run.makeIterator()
            while true {
                switch decoder.decode(&bytes) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput:
                    run.removeAll()
                    return true
                case .error: return false
                }
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard pendingHighSurrogate == nil, flush(&scalars, &run) else { return nil }
                return String(scalars)
            case UInt8(ascii: "\\"):
                guard flush(&scalars, &run), index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                if escape == UInt8(ascii: "u") {
                    guard let unit = hexUnit() else { return nil }
                    if let high = pendingHighSurrogate {
                        guard (0xDC00...0xDFFF).contains(unit),
                            let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
                        else { return nil }
                        scalars.append(scalar)
                        pendingHighSurrogate = nil
                    } else if (0xD800...0xDBFF).contains(unit) {
                        pendingHighSurrogate = unit
                    } else {
                        guard let scalar = Unicode.Scalar(unit) else { return nil }
                        scalars.append(scalar)
                    }
                    continue
                }
                guard pendingHighSurrogate == nil else { return nil }
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                default: return nil
                }
            default:
                guard byte >= 0x20, pendingHighSurrogate == nil else { return nil }
                run.append(byte)
            }
        }
        return nil
    }

    private mutating func hexUnit() -> UInt32? {
        guard bytes.count - index >= 4,
            bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { return nil }
        index += 4
        return unit
    }
}
