public import WoteDomain

/// Sets the member's consumer type.
public struct SetConsumerTypeUseCase: Sendable {
    private let profiles: any ProfileRepository

    /// Creates the use case.
    ///
    /// - Parameter profiles: the repository that sends the change.
    public init(profiles: any ProfileRepository) {
        self.profiles = profiles
    }

    /// Sets the consumer type.
    ///
    /// - Parameter consumerType: the type the member picked.
    /// - Throws: ``WoteError/profileRequired``, ``WoteError/notSignedIn``, server and network failures.
    public func callAsFunction(_ consumerType: ConsumerType) async throws(WoteError) {
        try await profiles.setConsumerType(consumerType)
    }
}
