public import WoteDomain

/// Follows the session as it changes: restored at launch, signed in, profile required, a refresh
/// started and ended, tokens renewed, signed out with a reason, a profile fetched.
public struct ObserveSessionUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// A new stream of session events; each call gets its own stream. Once the session is known
    /// (restored, or signed in or out since), the stream starts with
    /// ``SessionEvent/initialState(_:)``; before that, its first event is the one the restore sends.
    ///
    /// - Returns: the stream; stop iterating (or cancel the iterating task) to unsubscribe.
    public func callAsFunction() -> AsyncStream<SessionEvent> {
        auth.sessionEvents()
    }
}
