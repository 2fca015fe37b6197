public import WoteDomain

/// What a nickname check found.
public enum NicknameCheckResult: Sendable, Equatable, Hashable {
    /// Nobody uses the nickname; it can be used for profile setup.
    case available(Nickname)
    /// Someone else uses the nickname.
    case taken
    /// The nickname breaks the nickname rule; the server was not asked.
    case invalid(NicknameViolation)
}
