import WoteData
import WoteDomain

/// Signs the person out when Apple says the Sign in with Apple credential their session began with
/// was revoked: checked at launch and whenever Apple posts a revocation notice.
///
/// - `revoked` or `notFound`: the session ends with ``SignOutReason/appleCredentialRevoked``
///   (through the session engine, so subscribers hear `signedOut` and the store is cleared).
/// - `authorized`, `transferred` or a state WoteKit does not know: nothing happens.
/// - The check itself failed: at launch, nothing happens (the session is kept, as for any passing
///   failure); after a revocation notice, the notice is believed and the session ends.
/// - A session that did not begin with Sign in with Apple (no stored Apple user identifier) is never
///   checked, and a verdict about an earlier Apple user never ends a newer session.
package struct AppleCredentialMonitor: Sendable {
    /// What one check did.
    package enum Outcome: Sendable, Equatable {
        /// No Apple user identifier is stored with the session: nothing to check.
        case notAppleSession
        /// Apple's answer left the session alone (`nil`: the check failed).
        case kept(AppleCredentialState?)
        /// The session ended.
        case signedOut
    }

    private let checks: AppleCredentialChecks
    private let engine: SessionEngine

    package init(checks: AppleCredentialChecks, engine: SessionEngine) {
        self.checks = checks
        self.engine = engine
    }

    /// Asks Apple about the current session's Apple user once.
    ///
    /// - Parameter afterRevocationNotice: `true` when Apple just posted a revocation notice, so a
    ///   failed check ends the session too.
    /// - Returns: what was done.
    package func check(afterRevocationNotice: Bool = false) async -> Outcome {
        guard let userID = await engine.appleUserID() else { return .notAppleSession }
        let state = await checks.credentialState(userID)
        let ends =
            switch state {
            case .revoked, .notFound: true
            case nil: afterRevocationNotice
            case .authorized, .transferred, .unknown: false
            }
        guard ends else { return .kept(state) }
        // A storage failure still ends the in-memory session; subscribers are told either way.
        let ended = (try? await engine.end(reason: .appleCredentialRevoked, ifAppleUserIs: userID)) ?? true
        return ended ? .signedOut : .kept(state)
    }

    /// Checks once, then again after each revocation notice, until the calling task is cancelled.
    package func run() async {
        // Subscribe before the first check, so a notice posted meanwhile is not missed.
        let notices = checks.revocationNotices()
        _ = await check()
        for await _ in notices {
            _ = await check(afterRevocationNotice: true)
        }
    }
}
