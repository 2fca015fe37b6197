import Foundation

/// A nickname that satisfies the Wote rule: 2 to 10 characters, each a letter (Hangul included) or a digit.
///
/// Length counts characters as a person sees them: Swift `Character`s after NFC normalisation.
///
/// ```swift
/// let nickname = try Nickname(validating: "투표왕")
/// ```
public struct Nickname: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The fewest characters a nickname may have.
    public static let minimumLength = 2
    /// The most characters a nickname may have.
    public static let maximumLength = 10

    /// The nickname, NFC-normalised.
    public let value: String

    /// Checks `text` against the nickname rule.
    ///
    /// - Parameter text: the nickname as typed; it is NFC-normalised, not trimmed.
    /// - Throws: ``WoteError/invalidNickname(_:)`` naming the first rule broken.
    public init(validating text: String) throws(WoteError) {
        if let violation = Nickname.violation(in: text) {
            throw .invalidNickname(violation)
        }
        value = text.precomposedStringWithCanonicalMapping
    }

    /// Returns the first rule that `text` breaks, or `nil` when it is a valid nickname.
    ///
    /// - Parameter text: the nickname as typed.
    public static func violation(in text: String) -> NicknameViolation? {
        let normalized = text.precomposedStringWithCanonicalMapping
        if normalized.isEmpty { return .empty }
        if let bad = normalized.first(where: { !isAllowed($0) }) {
            return bad.isWhitespace ? .containsWhitespace : .invalidCharacter(bad)
        }
        if normalized.count < minimumLength { return .tooShort(minimum: minimumLength) }
        if normalized.count > maximumLength { return .tooLong(maximum: maximumLength) }
        return nil
    }

    /// The nickname itself.
    public var description: String { value }

    private static func isAllowed(_ character: Character) -> Bool {
        // A Character may hold several scalars (a letter with combining marks that NFC could not
        // compose); every scalar must be a letter, mark or digit and the first must be a letter or digit.
        guard let first = character.unicodeScalars.first,
            first.properties.isAlphabetic || first.properties.numericType == .decimal
        else { return false }
        return character.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType == .decimal
                || $0.properties.generalCategory == .nonspacingMark
        }
    }
}
