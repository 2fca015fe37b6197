public import WoteDomain

/// The session as it stands, without any network call: the state, the token expiry dates, and
/// whether it is kept for the next launch.
///
/// ```swift
/// func resumeWhereTheSessionStands(auth: any AuthRepository) async {
///     let current = CurrentSessionUseCase(auth: auth)
///     if await current().state == .profileRequired { showProfileSetup() }
/// }
/// ```
public struct CurrentSessionUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// The session as it stands now.
    public func callAsFunction() async -> SessionSnapshot {
        await auth.currentSession()
    }
}
