// The Apple binding for the credential monitor: the two AuthenticationServices calls, passing
// Apple's raw credential state on. The monitor's logic is AppleCredentialMonitor.swift; what a state
// and an error mean together, AppleCredentialState.swift.
#if canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
import AuthenticationServices
import Foundation
import WoteData

#if canImport(UIKit)
import UIKit
#endif

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
    /// import AuthenticationServices
    ///
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
        credentialAnswer: { userID in
            await withCheckedContinuation { continuation in
                ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { state, error in
                    // Only the raw values cross over: what they mean (an error comes with
                    // `notFound`) is decided in AppleCredentialState.swift, and whether to ask
                    // again in AppleCredentialMonitor.swift, where Linux tests them.
                    let error = error.map { $0 as NSError }
                    continuation.resume(
                        returning: AppleCredentialAnswer(
                            state: AppleCredentialState(appleRawValue: state.rawValue, withError: error != nil),
                            errorDomain: error?.domain, errorCode: error?.code))
                }
            }
        },
        revocationNotices: {
            NotificationNotices.stream(named: ASAuthorizationAppleIDProvider.credentialRevokedNotification)
        },
        activations: {
            #if canImport(UIKit)
            NotificationNotices.stream(named: UIApplication.didBecomeActiveNotification)
            #else
            // macOS: AppKit's `NSApplication.didBecomeActiveNotification` (macOS 10.0+), by its value:
            // AppKit's notification names are their constants' names, and the constant is a member
            // of the main-actor `NSApplication`, which this nonisolated closure does not read. (The
            // file's condition leaves no platform with neither UIKit nor AppKit.)
            NotificationNotices.stream(named: Notification.Name("NSApplicationDidBecomeActiveNotification"))
            #endif
        })
}
#endif
