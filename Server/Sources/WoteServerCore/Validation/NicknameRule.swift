import Foundation

/// The nickname rule (§4.4 [ext]): 2 to 10 characters after NFC normalisation, each a letter
/// (Hangul included) or a decimal digit.
enum NicknameRule {
    static let lengthRange = 2...10

    /// - Returns: the NFC-normalised nickname, or `nil` when it breaks the rule.
    static func normalized(_ nickname: String) -> String? {
        let normalized = nickname.precomposedStringWithCanonicalMapping
        guard lengthRange.contains(normalized.count),
            normalized.allSatisfy({ $0.isLetter || $0.isDecimalDigit })
        else { return nil }
        return normalized
    }
}

extension Character {
    /// One Unicode decimal digit (general category Nd), such as 0-9.
    var isDecimalDigit: Bool {
        unicodeScalars.count == 1 && unicodeScalars.first?.properties.generalCategory == .decimalNumber
    }
}
