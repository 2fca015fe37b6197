public import WoteDomain

/// Where the server check of the typed nickname stands.
public enum NicknameCheckState: Sendable, Equatable, Hashable {
    /// Not checked since the nickname was last changed.
    case unchecked
    /// The server is being asked.
    case checking
    /// The server says nobody uses it.
    case available
    /// Someone else uses it.
    case taken
    /// It breaks the nickname rule; the server was not asked.
    case invalid(NicknameViolation)
}
