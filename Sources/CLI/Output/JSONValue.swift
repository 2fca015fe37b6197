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

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                output += String(format: "\\u%04x", control.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

/// ISO-8601 dates as the front prints them: UTC, whole seconds.
package enum ISODate {
    /// `2025-11-21T22:02:03Z`.
    package static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
