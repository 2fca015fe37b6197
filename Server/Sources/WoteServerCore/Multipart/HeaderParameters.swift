/// Reads header values such as `form-data; name="imageFile"; filename="a.jpg"` or
/// `multipart/form-data; boundary=XyZ`.
struct HeaderParameters: Sendable, Equatable {
    /// The part before the first `;`, lower-cased and trimmed.
    let value: String
    /// Parameters by lower-cased name; quoted values are unquoted.
    let parameters: [String: String]

    init(_ header: String) {
        var fields: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in header {
            if escaped {
                current.append(character)
                escaped = false
            } else if inQuotes && character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "\"" {
                current.append(character)
                inQuotes.toggle()
            } else if character == ";" && !inQuotes {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        value = fields[0].trimmingWhitespace().lowercased()
        var parameters: [String: String] = [:]
        for field in fields.dropFirst() {
            guard let equals = field.firstIndex(of: "=") else { continue }
            let name = String(field[..<equals]).trimmingWhitespace().lowercased()
            let raw = String(field[field.index(after: equals)...]).trimmingWhitespace()
            if !name.isEmpty && parameters[name] == nil { parameters[name] = Self.unquote(raw) }
        }
        self.parameters = parameters
    }

    private static func unquote(_ raw: String) -> String {
        guard raw.count >= 2, raw.first == "\"", raw.last == "\"" else { return raw }
        var result = ""
        var escaped = false
        for character in raw.dropFirst().dropLast() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
