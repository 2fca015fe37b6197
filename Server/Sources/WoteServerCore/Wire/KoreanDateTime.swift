/// The posts slice's date-times (API-posts.md §1): ISO-8601 local date-times in Korea time (UTC+9, no
/// daylight saving) **without an offset**, as Jackson writes a Java `LocalDateTime`:
/// `2023-11-27T21:14:03.512204`. Seconds are always written; the fraction has 0 to 9 digits, trailing
/// zeros dropped, and is left out (with its dot) when it is zero.
enum KoreanDateTime {
    /// Korea's offset from UTC.
    static let offsetSeconds: Int64 = 9 * 3600

    /// - Parameter epochMilliseconds: a moment as the server clock gives it.
    /// - Returns: the moment's Korean local date-time.
    static func string(epochMilliseconds: Int64) -> String {
        let (seconds, milliseconds) = floorDivision(epochMilliseconds, 1000)
        return string(epochSeconds: seconds, nanoseconds: Int(milliseconds) * 1_000_000)
    }

    /// - Parameters:
    ///   - epochSeconds: whole seconds since 1970-01-01T00:00:00Z.
    ///   - nanoseconds: 0 to 999,999,999 nanoseconds after that second.
    /// - Returns: the moment's Korean local date-time, with as many fraction digits as it needs.
    static func string(epochSeconds: Int64, nanoseconds: Int) -> String {
        let (days, secondOfDay) = floorDivision(epochSeconds + offsetSeconds, 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        let fraction = min(max(nanoseconds, 0), 999_999_999)
        if fraction > 0 {
            var digits = pad(Int64(fraction), 9)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// Year, month and day of the proleptic Gregorian calendar (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
