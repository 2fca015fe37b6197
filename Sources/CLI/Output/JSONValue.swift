package import Foundation

/// A JSON value with object keys kept in the order they were given, so `--json` output reads the
/// same way every time. Written by hand: the front prints exactly one small object per command.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Int)
    /// A number written exactly as it came, for one that is not a 64-bit integer (`1.5`, `2e3`).
    case literal(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A string, or `null` when `value` is `nil`.
    package static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// An ISO-8601 date (UTC, whole seconds), or `null` when `date` is `nil`.
    package static func date(_ date: Date?) -> JSONValue {
        date.map { .string(ISODate.format($0)) } ?? .null
    }

    /// The compact JSON text, on one line.
    package var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.literal(let left), .literal(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += String(value)
        case .literal(let text): output += text
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Writes `value` as a JSON string. Besides what JSON requires, every scalar a terminal could
    /// act on (``TerminalText/isFormatControl(_:)``: DEL, the C1 controls, U+2028/U+2029, the
    /// bidirectional controls) is written as a `\uXXXX` escape, so `--json` output is inert on a
    /// terminal and a JSON reader still reads the same text.
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        guard TerminalText.holdsEscapable(value, lineFeed: true, tab: true, quoteAndBackslash: true) else {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where needsEscape(control): appendEscape(control, to: &output)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Whether `scalar` cannot stand as itself inside a JSON string written by ``text``.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || TerminalText.isFormatControl(scalar)
    }

    /// `\u009b`: four lowercase hex digits (every scalar escaped is below U+10000).
    private static func appendEscape(_ scalar: Unicode.Scalar, to output: inout String) {
        let value = Int(scalar.value)
        output += "\\u"
        for shift in [12, 8, 4, 0] { output.append(hexDigits[(value >> shift) & 0xF]) }
    }

    private static let hexDigits: [Character] = Array("0123456789abcdef")
}

/// ISO-8601 dates as the front prints them: UTC, whole seconds.
package enum ISODate {
    /// `2025-11-21T22:02:03Z`.
    package static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
