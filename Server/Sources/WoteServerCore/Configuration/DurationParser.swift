/// Reads durations written as `500ms`, `5s`, `10m`, `1h`, `14d` or plain seconds (`90`, `1.5`).
enum DurationParser {
    /// - Parameter text: the duration as a person types it on the command line.
    /// - Returns: the duration in whole milliseconds, or `nil` when the text is not a positive duration.
    static func milliseconds(from text: String) -> Int64? {
        let trimmed = text.trimmingWhitespace().lowercased()
        let units: [(suffix: String, factor: Double)] = [
            ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        var number = Substring(trimmed)
        var factor = 1_000.0
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            number = trimmed.dropLast(unit.suffix.count)
            factor = unit.factor
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value > 0
        else { return nil }
        let milliseconds = (value * factor).rounded()
        guard milliseconds >= 1, milliseconds < Double(Int64.max / 4) else { return nil }
        return Int64(milliseconds)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
