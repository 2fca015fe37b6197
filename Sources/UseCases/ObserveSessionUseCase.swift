public import WoteDomain

/// Follows the session as it changes: restored at launch, signed in, profile required, tokens
/// renewed, signed out with a reason.
public struct ObserveSessionUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// A new stream of session events, starting now; each call gets its own stream.
    ///
    /// - Returns: the stream; stop iterating (or cancel the iterating task) to unsubscribe.
    public func callAsFunction() -> AsyncStream<SessionEvent> {
        auth.sessionEvents()
    }
}
