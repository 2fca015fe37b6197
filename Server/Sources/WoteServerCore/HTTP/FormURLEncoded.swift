import Foundation

/// `application/x-www-form-urlencoded` pairs (the login filter reads the query string and the body).
enum FormURLEncoded {
    /// - Returns: the fields; a name given twice keeps its first value.
    static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            let value = parts.count > 1 ? decode(parts[1]) : ""
            if fields[name] == nil, let value { fields[name] = value }
        }
        return fields
    }

    private static func decode(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
