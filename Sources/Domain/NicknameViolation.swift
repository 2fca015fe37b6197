/// Why a nickname breaks the rule; ``message`` says it to a person.
public enum NicknameViolation: Sendable, Equatable, Hashable {
    /// Nothing was typed.
    case empty
    /// Fewer characters than allowed.
    case tooShort(minimum: Int)
    /// More characters than allowed.
    case tooLong(maximum: Int)
    /// A space or other whitespace was typed.
    case containsWhitespace
    /// A symbol or other character that is neither a letter nor a digit was typed.
    case invalidCharacter(Character)

    /// A sentence a person understands, in the person's language (see ``WoteLocalization``).
    public var message: String { message(in: nil) }

    /// ``message`` in `language` (`"ko"`, `"en"`); `nil` for the language in use.
    public func message(in language: String?) -> String {
        switch self {
        case .empty: WoteLocalization.text("nickname.empty", in: language)
        case .tooShort(let minimum):
            WoteLocalization.text("nickname.tooShort", ["minimum": "\(minimum)"], in: language)
        case .tooLong(let maximum):
            WoteLocalization.text("nickname.tooLong", ["maximum": "\(maximum)"], in: language)
        case .containsWhitespace: WoteLocalization.text("nickname.containsWhitespace", in: language)
        case .invalidCharacter(let character):
            WoteLocalization.text("nickname.invalidCharacter", ["character": String(character)], in: language)
        }
    }
}
