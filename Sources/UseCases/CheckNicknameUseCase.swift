public import WoteDomain

/// Checks a nickname: the local rule first, then, only when it passes, whether the server has it free.
public struct CheckNicknameUseCase: Sendable {
    private let profiles: any ProfileRepository

    /// Creates the use case.
    ///
    /// - Parameter profiles: the repository that asks the server.
    public init(profiles: any ProfileRepository) {
        self.profiles = profiles
    }

    /// Checks `text` as the person typed it.
    ///
    /// - Parameter text: the nickname; it is NFC-normalised, not trimmed.
    /// - Returns: ``NicknameCheckResult/invalid(_:)`` without any request when the rule is broken,
    ///   else what the server says.
    /// - Throws: network and server failures from the check.
    public func callAsFunction(_ text: String) async throws(WoteError) -> NicknameCheckResult {
        if let violation = Nickname.violation(in: text) { return .invalid(violation) }
        let nickname = try Nickname(validating: text)
        return try await profiles.isNicknameAvailable(nickname) ? .available(nickname) : .taken
    }
}
