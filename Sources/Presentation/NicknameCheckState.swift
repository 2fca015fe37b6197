import WoteDomain
public import WoteUseCases

/// Where the server check of the typed nickname stands: not asked yet, being asked, or the
/// use case's answer.
public enum NicknameCheckState: Sendable, Equatable, Hashable {
    /// Not checked since the nickname was last changed.
    case unchecked
    /// The server is being asked.
    case checking
    /// The check's answer: available, taken, or the broken rule.
    case checked(NicknameCheckResult)

    /// Whether the check found the nickname free to use, so the profile can be sent.
    public var isAvailable: Bool {
        guard case .checked(.available) = self else { return false }
        return true
    }
}
