public import WoteDomain
import WoteUseCases

extension WoteClient {
    // MARK: - Signing in and out

    /// Signs a person in with a provider's credential: Sign in with Apple, Kakao, or an ID and password.
    ///
    /// ```swift
    /// let state = try await wote.login(.kakao(code), remember: true)
    /// if state == .profileRequired { showProfileSetup() }
    /// ```
    ///
    /// - Parameters:
    ///   - provider: where the credential comes from: a code the app already has (`.apple(code)`,
    ///     `.kakao(code)`, `.account(id, password: typed)`) or a ``LoginProvider`` that shows its own UI.
    ///   - remember: `true` keeps the session for the next launch ("keep me signed in"); `false`
    ///     keeps it in memory only.
    /// - Returns: ``AuthenticationState/signedIn``, or ``AuthenticationState/profileRequired`` for a
    ///   member who must complete the profile first (a successful sign-in, not an error).
    /// - Throws: ``WoteError/cancelled`` when the person backed out of the provider or the task was
    ///   cancelled before the sign-in request; ``WoteError/wrongCredentials``, ``WoteError/banned``,
    ///   ``WoteError/rejected(code:message:)`` and network failures from the server;
    ///   ``WoteError/storageFailure(_:)`` when the session could not be stored (nobody is signed in then).
    public func login(_ provider: some LoginProvider, remember: Bool) async throws(WoteError) -> AuthenticationState {
        try await LoginUseCase(auth: auth)(provider, remember: remember)
    }

    /// Logs the person out: the local session ends at once, whatever the server then says, offline
    /// included; then the server is told with the session's tokens (an expired access token is
    /// refreshed first), and a ``SessionEvent/serverNotToldOfLogout(_:)`` event says when it could
    /// not be. Succeeds and does nothing when nobody is signed in.
    ///
    /// ```swift
    /// try await wote.logout(deviceToken: DeviceToken(bytes: apnsToken))
    /// ```
    ///
    /// - Parameter deviceToken: this device's push token, so the server stops sending to it; `nil`
    ///   when the app has none.
    /// - Throws: ``WoteError/storageFailure(_:)`` only when the stored tokens could not be deleted;
    ///   the session has ended all the same.
    public func logout(deviceToken: DeviceToken? = nil) async throws(WoteError) {
        try await LogoutUseCase(auth: auth)(deviceToken: deviceToken)
    }

    /// Checks that `deviceTokenHex` is a hexadecimal push token, then logs out as
    /// ``logout(deviceToken:)`` does.
    ///
    /// - Parameter deviceTokenHex: this device's push token as hexadecimal text.
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` before anything is done (the session
    ///   goes on) when it is not an even number of hexadecimal digits; otherwise as
    ///   ``logout(deviceToken:)``.
    public func logout(deviceTokenHex: String) async throws(WoteError) {
        let token = try DeviceToken(hex: deviceTokenHex)
        try await logout(deviceToken: token)
    }

    /// Deletes the person's account on the server and ends the local session. Ask the person to
    /// confirm first: it cannot be undone.
    ///
    /// - Throws: ``WoteError/profileRequired`` while the profile is not completed (the account and
    ///   the session are kept); ``WoteError/notSignedIn``; a server or network failure, in which
    ///   case the local session has ended anyway.
    public func withdraw() async throws(WoteError) {
        try await WithdrawUseCase(auth: auth)()
    }

    /// Deletes the person's account with the step-up its sign-in provider needs, and leaves nothing
    /// behind at the provider. Ask the person to confirm first: it cannot be undone.
    ///
    /// For Sign in with Apple, `provider` gives a fresh authorization code (`AppleLoginProvider`
    /// shows Apple's sheet again; `.apple(code)` passes one the app obtained), sent with the
    /// withdrawal so that the server revokes the member's Apple tokens. For Kakao, the app's Kakao
    /// adapter unlinks in ``LoginProvider/unlinkAfterWithdrawal()`` once the account is deleted.
    ///
    /// ```swift
    /// try await wote.withdraw(confirmingWith: .apple(code))  // a code Sign in with Apple gave just now
    /// ```
    ///
    /// - Parameter provider: the provider the member signs in with.
    /// - Throws: ``WoteError/cancelled`` when the person backs out of the step-up (nothing changed:
    ///   the account and the session are kept); ``WoteError/profileRequired`` and
    ///   ``WoteError/rejected(code:message:)`` with code `A001` (the server refused the Apple code)
    ///   with the session kept; ``WoteError/notSignedIn``; a server or network failure, in which case
    ///   the local session has ended anyway; the provider's unlink failure, after the account was
    ///   deleted.
    public func withdraw(confirmingWith provider: some LoginProvider) async throws(WoteError) {
        try await WithdrawUseCase(auth: auth)(confirmingWith: provider)
    }

    /// Signs the member out on every device: the server ends every sign-in of the member (an
    /// `[ext]` endpoint), then the session here ends as a ``logout(deviceToken:)`` does. The other
    /// devices end at their next contact with the server, their ``SessionModel/lastSignOutReason``
    /// ``SignOutReason/signedOutEverywhere``.
    ///
    /// ```swift
    /// try await wote.logoutEverywhere()
    /// ```
    ///
    /// - Throws: ``WoteError/notSignedIn``; a refusal from a server without the extension, or a
    ///   network failure: the session here is kept then (call ``logout(deviceToken:)`` to end it).
    public func logoutEverywhere() async throws(WoteError) {
        try await LogoutEverywhereUseCase(auth: auth)()
    }

    // MARK: - The session

    /// Restores the stored session at launch (auto-login): no network call while the access token
    /// is valid, one refresh when only the refresh token is.
    ///
    /// ```swift
    /// switch await wote.restoreSession().state {
    /// case .signedIn: showHome()
    /// case .profileRequired: showProfileSetup()
    /// case .signedOut, .storageUnavailable: showLogin()
    /// }
    /// ```
    ///
    /// - Returns: the session as restored. Failures are states, never errors: signed out when
    ///   nothing usable was stored, ``AuthenticationState/storageUnavailable(reason:)`` when the
    ///   token store could not be read; ``SessionSnapshot/warning`` holds a passing failure of the
    ///   refresh at launch (the session was kept).
    public func restoreSession() async -> SessionSnapshot {
        await RestoreSessionUseCase(auth: auth)()
    }

    /// Renews the session's tokens now, for example when the app comes back to the foreground,
    /// sharing a refresh already under way.
    ///
    /// - Returns: the session with its new tokens.
    /// - Throws: ``WoteError/notSignedIn``; ``WoteError/sessionExpired`` (the session has ended);
    ///   a passing network or server failure (the tokens are kept).
    public func refreshSession() async throws(WoteError) -> SessionSnapshot {
        try await RefreshSessionUseCase(auth: auth)()
    }

    /// The session as it stands, without any network call: the state, the token expiry dates, and
    /// whether it is kept for the next launch.
    ///
    /// ```swift
    /// if await wote.currentSession.state == .profileRequired { showProfileSetup() }
    /// ```
    public var currentSession: SessionSnapshot {
        get async { await CurrentSessionUseCase(auth: auth)() }
    }

    /// A new stream of session events: restored at launch, signed in, profile required, a refresh
    /// started and ended, tokens renewed, signed out with a reason, a profile fetched. Each call
    /// gets its own stream.
    ///
    /// Once the session is known (restored, or signed in or out since this client was created),
    /// the stream starts with ``SessionEvent/initialState(_:)``, so subscribing before or after
    /// ``restoreSession()`` makes no difference; before that, its first event is the one the
    /// restore sends. For state to switch a screen on, read ``session`` instead.
    ///
    /// ```swift
    /// for await event in wote.sessionEvents() {
    ///     if case .signedOut(let reason) = event { showLogin(because: reason.errorWhenMissing.message) }
    /// }
    /// ```
    ///
    /// - Returns: the stream; stop iterating (or cancel the iterating task) to unsubscribe. It ends
    ///   at ``shutdown()``.
    public func sessionEvents() -> AsyncStream<SessionEvent> {
        ObserveSessionUseCase(auth: auth)()
    }
}
