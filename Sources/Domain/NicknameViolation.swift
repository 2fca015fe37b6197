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

    /// A sentence a person understands.
    public var message: String {
        switch self {
        case .empty: "Enter a nickname."
        case .tooShort(let minimum): "A nickname needs at least \(minimum) characters."
        case .tooLong(let maximum): "A nickname can have at most \(maximum) characters."
        case .containsWhitespace: "A nickname cannot contain spaces."
        case .invalidCharacter(let character): "A nickname can only use letters and digits, not “\(character)”."
        }
    }
}
