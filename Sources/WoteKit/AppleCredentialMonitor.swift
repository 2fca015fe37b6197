import WoteData
import WoteDomain

/// Signs the person out when Apple says the Sign in with Apple credential their session began with
/// was revoked: checked at launch, whenever Apple posts a revocation notice, and whenever the app
/// becomes active (a revocation on the web posts no notice to the app).
///
/// - `revoked` or `notFound`: the session ends with ``SignOutReason/appleCredentialRevoked``
///   (through the session engine, so subscribers hear `signedOut` and the store is cleared). When the
///   answer came with an error (a passing AuthKit failure looks the same, and offline it comes twice
///   in a row), Apple is asked once more after ``secondAskDelay`` on the client's clock, and only that
///   second answer counts; the error's domain and code go to `report`.
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

    /// How long the monitor waits before it asks Apple again about an answer that ended the
    /// session but came with an error: asked again at once, a passing failure (offline, AuthKit's
    /// error 1000) answers the same way (Apple audit 2026-11-28, F8).
    package static let secondAskDelay: Duration = .seconds(30)

    private let checks: AppleCredentialChecks
    private let engine: SessionEngine
    private let report: @Sendable (String) -> Void

    /// - Parameter report: receives one line per answer that came with an error (no user identifier).
    package init(
        checks: AppleCredentialChecks, engine: SessionEngine, report: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.checks = checks
        self.engine = engine
        self.report = report
    }

    private static func ends(_ state: AppleCredentialState?, afterRevocationNotice: Bool) -> Bool {
        switch state {
        case .revoked, .notFound: true
        case nil: afterRevocationNotice
        case .authorized, .transferred, .unknown: false
        }
    }

    /// Asks Apple about the current session's Apple user once.
    ///
    /// - Parameter afterRevocationNotice: `true` when Apple just posted a revocation notice, so a
    ///   failed check ends the session too.
    /// - Returns: what was done.
    package func check(afterRevocationNotice: Bool = false) async -> Outcome {
        guard let userID = await engine.appleUserID() else { return .notAppleSession }
        var answer = await checks.credentialAnswer(userID)
        if Self.ends(answer.state, afterRevocationNotice: afterRevocationNotice), let error = answer.errorText {
            report(
                "Sign in with Apple: credential state \(Self.name(answer.state)) came with error \(error); "
                    + "asking again in \(Self.secondAskDelay)")
            await engine.clock.sleep(Self.secondAskDelay)
            // Stopped meanwhile (the monitor's task cancelled): the error answer alone ends nothing.
            if Task.isCancelled { return .kept(nil) }
            answer = await checks.credentialAnswer(userID)
            if let error = answer.errorText {
                report("Sign in with Apple: credential state \(Self.name(answer.state)) came with error \(error) again")
            }
        }
        let state = answer.state
        guard Self.ends(state, afterRevocationNotice: afterRevocationNotice) else { return .kept(state) }
        // A storage failure still ends the in-memory session; subscribers are told either way.
        let ended = (try? await engine.end(reason: .appleCredentialRevoked, ifAppleUserIs: userID)) ?? true
        return ended ? .signedOut : .kept(state)
    }

    private static func name(_ state: AppleCredentialState?) -> String {
        state.map { "\($0)" } ?? "unreadable"
    }

    /// Checks once, then again after each revocation notice and each time the app becomes active,
    /// until the calling task is cancelled.
    package func run() async {
        // Subscribe before the first check, so a notice posted meanwhile is not missed.
        let notices = checks.revocationNotices()
        let activations = checks.activations()
        _ = await check()
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await _ in notices { _ = await check(afterRevocationNotice: true) }
            }
            group.addTask {
                for await _ in activations { _ = await check() }
            }
        }
    }
}
