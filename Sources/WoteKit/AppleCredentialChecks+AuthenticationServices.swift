// The Apple binding for the credential monitor: the two AuthenticationServices calls and the
// conversion of Apple's credential state. The monitor's logic is AppleCredentialMonitor.swift.
#if canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
import AuthenticationServices
import Foundation

extension WoteClient {
    /// Signs the person out when they revoke Sign in with Apple for this app.
    ///
    /// When the session began with Sign in with Apple (WoteKit keeps Apple's user identifier with
    /// it), this asks Apple for the credential's state now and again whenever Apple posts
    /// `ASAuthorizationAppleIDProvider.credentialRevokedNotification`. A revoked (or unknown to Apple)
    /// credential ends the session with ``SignOutReason/appleCredentialRevoked``: session event
    /// streams report `signedOut(.appleCredentialRevoked)` and the stored tokens are removed.
    /// A sign-in with Apple later in the client's life is checked as well; other sessions are never
    /// touched. Call it once at launch, after restoring the session; calling it again restarts it.
    ///
    /// ```swift
    /// let snapshot = await wote.restoreSession()
    /// wote.startAppleCredentialMonitoring()
    /// ```
    public func startAppleCredentialMonitoring() {
        startAppleCredentialMonitoring(checks: .live)
    }

    /// Stops what ``startAppleCredentialMonitoring()`` started; ``shutdown()`` does it too.
    public func stopAppleCredentialMonitoring() {
        stopAppleCredentialMonitoringTask()
    }
}

extension AppleCredentialChecks {
    /// `ASAuthorizationAppleIDProvider` and `NotificationCenter.default`.
    static let live = AppleCredentialChecks(
        credentialState: { userID in
            await withCheckedContinuation { continuation in
                ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { state, error in
                    continuation.resume(returning: error == nil ? AppleCredentialState(state) : nil)
                }
            }
        },
        revocationNotices: {
            AsyncStream { continuation in
                let observer = NotificationCenter.default.addObserver(
                    forName: ASAuthorizationAppleIDProvider.credentialRevokedNotification, object: nil, queue: nil
                ) { _ in
                    continuation.yield()
                }
                let registration = ObserverRegistration(observer)
                continuation.onTermination = { _ in registration.remove() }
            }
        })
}

extension AppleCredentialState {
    /// Apple's state, converted.
    fileprivate init(_ state: ASAuthorizationAppleIDProvider.CredentialState) {
        switch state {
        case .authorized: self = .authorized
        case .revoked: self = .revoked
        case .notFound: self = .notFound
        case .transferred: self = .transferred
        @unknown default: self = .unknown
        }
    }
}

/// A notification observer token, removed once; `NotificationCenter.removeObserver` may be called
/// from any thread.
private final class ObserverRegistration: @unchecked Sendable {
    private let observer: any NSObjectProtocol

    init(_ observer: any NSObjectProtocol) { self.observer = observer }

    func remove() { NotificationCenter.default.removeObserver(observer) }
}
#endif
