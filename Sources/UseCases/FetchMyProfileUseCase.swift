public import WoteDomain

/// Fetches the signed-in member's profile.
public struct FetchMyProfileUseCase: Sendable {
    private let profiles: any ProfileRepository

    /// Creates the use case.
    ///
    /// - Parameter profiles: the repository that asks the server.
    public init(profiles: any ProfileRepository) {
        self.profiles = profiles
    }

    /// Fetches the profile.
    ///
    /// - Returns: the member as the server knows them.
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/sessionExpired``, server and network failures.
    public func callAsFunction() async throws(WoteError) -> User {
        try await profiles.fetchMyProfile()
    }
}
