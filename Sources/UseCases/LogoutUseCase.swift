public import WoteDomain

/// Logs the person out: the local session ends at once, whatever the server then says, offline
/// included; the server is told with the session's tokens (an expired access token refreshed first).
public struct LogoutUseCase: Sendable {
    private let auth: any AuthRepository

    /// Creates the use case.
    ///
    /// - Parameter auth: the repository that owns the session.
    public init(auth: any AuthRepository) {
        self.auth = auth
    }

    /// Logs out; succeeds and does nothing when nobody is signed in.
    ///
    /// - Parameter deviceToken: this device's push token, so the server stops sending to it; `nil`
    ///   when the app has none.
    /// - Throws: ``WoteError/storageFailure(_:)`` only when the stored tokens could not be deleted;
    ///   the session has ended all the same.
    public func callAsFunction(deviceToken: DeviceToken? = nil) async throws(WoteError) {
        try await auth.signOut(deviceToken: deviceToken?.hex)
    }
}
