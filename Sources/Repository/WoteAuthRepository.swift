import Foundation
package import WoteDomain
import WoteWire

/// Signs people in and out against the Wote server; the session engine owns the tokens.
///
/// Built by the composition root; apps reach it through the use cases.
package struct WoteAuthRepository: AuthRepository {
    private let remote: any RemoteDataSource
    private let session: any SessionDataSource
    private let clock: WoteClock

    /// Creates the repository; only the composition root builds one.
    ///
    /// - Parameters:
    ///   - remote: the server's endpoints.
    ///   - session: the one owner of the tokens and the state.
    ///   - clock: when login answers arrive (`receivedAt` of the tokens).
    package init(remote: any RemoteDataSource, session: any SessionDataSource, clock: WoteClock) {
        self.remote = remote
        self.session = session
        self.clock = clock
    }

    /// Signs in with `credential` and hands the tokens to the session.
    ///
    /// E009 on login is a successful sign-in into ``AuthenticationState/profileRequired``, tokens
    /// stored. A login refused with a redirect, an HTML page or an empty body (below HTTP 500) is
    /// ``WoteError/rejected(code:message:)``.
    ///
    /// - Parameters:
    ///   - credential: an authorization code or an ID and password.
    ///   - remember: `true` persists the session; `false` keeps it in memory only.
    /// - Returns: the session's new state.
    /// - Throws: ``WoteError``; nothing is stored then.
    package func signIn(with credential: LoginCredential, remember: Bool) async throws(WoteError)
        -> AuthenticationState
    {
        let envelope: ResponseEnvelope<LoginDataDTO>
        do {
            envelope = try await remote.login(credential)
        } catch {
            throw error.toLoginError()
        }
        var stored = try envelope.loginSession(receivedAt: clock.now())
        stored.appleUserID = credential.appleUserID
        return try await session.begin(stored, persist: remember)
    }

    /// Logs out: the session ends here at once, whatever the backend answers, and the backend is
    /// told with the tokens the session had (through the session, which owns them; see
    /// ``SessionDataSource/logOut(deviceToken:)``).
    ///
    /// Does nothing when nobody is signed in. An expired access token is refreshed first, so that
    /// the backend unregisters the device token; when that refresh is refused, or the network
    /// fails, the session ends here without the backend's call, and a
    /// ``SessionEvent/serverNotToldOfLogout(_:)`` event says so. Never longer than the request
    /// time-out.
    ///
    /// - Parameter deviceToken: the push token to unregister, if any.
    /// - Throws: ``WoteError/storageFailure(_:)`` when the stored tokens could not be deleted.
    package func signOut(deviceToken: String?) async throws(WoteError) {
        try await session.logOut(deviceToken: deviceToken)
    }

    /// Deletes the account on the server and ends the local session.
    ///
    /// An account the server already forgot (E001, E016) counts as withdrawn. While the profile is
    /// not completed the server refuses (E009): the session is kept, since the account exists. Any
    /// other failure ends the local session anyway and is then reported.
    ///
    /// - Throws: ``WoteError/notSignedIn``; ``WoteError/profileRequired`` with the session kept;
    ///   the server, network or malformed-answer failure after the local session was ended.
    package func withdraw() async throws(WoteError) {
        try await withdraw(stepUp: .notNeeded)
    }

    /// Deletes the account on the server, sending the step-up with it (the `[ext]` Apple
    /// authorization code, which the server revokes at Apple), and ends the local session, as
    /// ``withdraw()`` does. A step-up the server refuses (A001: not this member's Apple code) keeps
    /// the account and the session.
    ///
    /// - Parameter stepUp: what the provider gave for the withdrawal.
    /// - Throws: as ``withdraw()``; ``WoteError/rejected(code:message:)`` with code A001, the
    ///   session kept.
    package func withdraw(stepUp: WithdrawalStepUp) async throws(WoteError) {
        // The withdrawal belongs to the session it is asked for: a logout and another sign-in while
        // its call is on the wire leave the new session alone (issue 33, review #11).
        guard let asked = session.currentSessionIdentity() else { throw .notSignedIn }
        guard let failure = await askServerToWithdraw(stepUp: stepUp) else {
            // The account is gone: that is what the person asked for, even when a logout ended the
            // local session meanwhile.
            _ = try await session.end(reason: .withdrawn, ifStill: asked)
            return
        }
        switch failure {
        case .profileRequired, .notSignedIn:
            throw failure
        case _ where failure.code == DivisionCode.socialCodeRejected.rawValue:
            // The step-up was refused: nothing was deleted, and the person may try again.
            throw failure
        default:
            // Issue 2: withdrawal clears the local tokens even when the server call fails. The
            // server's failure is the news the caller needs; a storage failure on top is secondary.
            _ = try? await session.end(reason: .withdrawn, ifStill: asked)
            throw failure
        }
    }

    /// Calls the withdrawal endpoint.
    ///
    /// - Returns: `nil` when the account is gone (withdrawn now or before), else why not.
    private func askServerToWithdraw(stepUp: WithdrawalStepUp) async -> WoteError? {
        let envelope: ResponseEnvelope<IgnoredPayload>
        do {
            if let code = stepUp.appleAuthorizationCode {
                envelope = try await remote.withdraw(appleAuthorizationCode: code)
            } else {
                envelope = try await remote.withdraw()
            }
        } catch {
            let failure = error.toDomain()
            return failure == .memberGone ? nil : failure
        }
        // Every token of a withdrawn member is rejected with E001 or E016 (§4.8): the account is
        // already gone, which is what the person asked for.
        if envelope.divisionCode == .memberNotFound || envelope.divisionCode == .invalidRefreshToken {
            return nil
        }
        return envelope.domainError
    }

    /// Ends every sign-in of the member on the server (`[ext]`), then the local session as a
    /// logout. A refusal or a network failure keeps the session here: the other devices were not
    /// signed out, and the person may try again (or log out here only).
    ///
    /// - Throws: ``WoteError/notSignedIn``; the server's refusal or a network failure.
    package func signOutEverywhere() async throws(WoteError) {
        guard let asked = session.currentSessionIdentity() else { throw .notSignedIn }
        let envelope: ResponseEnvelope<IgnoredPayload>
        do {
            envelope = try await remote.logoutEverywhere()
        } catch {
            throw error.toDomain()
        }
        if let failure = envelope.domainError { throw failure }
        _ = try await session.end(reason: .loggedOut, ifStill: asked)
    }

    /// Restores the session from the token store at launch.
    ///
    /// - Returns: the session as restored; failures become states.
    package func restoreSession() async -> SessionSnapshot {
        await session.restore()
    }

    /// Renews the tokens now.
    ///
    /// - Returns: the session with its new tokens.
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/sessionExpired`` or a passing failure.
    package func refreshSession() async throws(WoteError) -> SessionSnapshot {
        try await session.refresh()
    }

    /// The session as it stands, without any network call.
    package func currentSession() async -> SessionSnapshot {
        await session.snapshot()
    }

    /// A new stream of session events.
    package func sessionEvents() -> AsyncStream<SessionEvent> {
        session.events()
    }
}
