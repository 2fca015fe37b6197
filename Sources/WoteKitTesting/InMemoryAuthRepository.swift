import Foundation
import WoteData
public import WoteDomain
import WoteLocked
import WoteSession

/// An ``AuthRepository`` that keeps the session in memory, answers sign-ins from a script and
/// records every call, for testing an app's screens and use cases without a server.
///
/// It behaves like the real repository where an app can tell: a sign-in stores a session (kept
/// "in the token store" only with `remember`), logout always ends the session, withdrawal is refused
/// while the profile is required, and every change is sent to every ``sessionEvents()`` subscriber,
/// through the session engine's own broadcaster and in the engine's order (WoteKit's
/// `SessionEventOrderTests` hold both to one order).
///
/// ```swift
/// import WoteKitTesting
///
/// let auth = InMemoryAuthRepository()
/// auth.setSignInResult(.success(.profileRequired), for: .kakao(authorizationCode: "code"))
/// let login = LoginUseCase(auth: auth)
/// let outcome = try await login(.kakao("code"), remember: true)   // .profileRequired
/// ```
public final class InMemoryAuthRepository: AuthRepository {
    /// One recorded call of ``signIn(with:remember:)``.
    public struct SignInCall: Sendable, Equatable {
        /// The credential the caller passed.
        public let credential: LoginCredential
        /// Whether the caller asked to keep the session.
        public let remember: Bool

        /// Creates a record, for comparing with ``InMemoryAuthRepository/signInCalls``.
        public init(credential: LoginCredential, remember: Bool) {
            self.credential = credential
            self.remember = remember
        }
    }

    private struct State: GatedCalls {
        var session: SessionSnapshot
        var storedState: AuthenticationState?
        var signInResults: [LoginCredential: Result<AuthenticationState, WoteError>] = [:]
        var defaultSignInResult: Result<AuthenticationState, WoteError>
        var restoreResult: SessionSnapshot?
        var signOutFailure: WoteError?
        var withdrawFailure: WoteError?
        var refreshFailure: WoteError?
        var signInCalls: [SignInCall] = []
        var signOutCalls: [String?] = []
        var withdrawCount = 0
        var withdrawalStepUps: [WithdrawalStepUp] = []
        var signOutEverywhereCount = 0
        var refreshCount = 0
        var restoreCount = 0
        var issuedPairs = 0
        var gate: CallGate?

        mutating func end(reason: SignOutReason) {
            session = SessionSnapshot(state: .signedOut(reason), isPersistent: false)
            storedState = nil
        }
    }

    private let state: Locked<State>
    /// The engine's broadcaster: a new stream hears the known state first, then every event in order.
    private let broadcaster = SessionEventBroadcaster()

    /// Creates a repository.
    ///
    /// - Parameters:
    ///   - storedState: the state of the session "in the token store" at launch, which
    ///     ``restoreSession()`` finds; `nil` when none is stored.
    ///   - defaultSignInResult: the answer to a credential with no result of its own.
    public init(
        storedState: AuthenticationState? = nil,
        defaultSignInResult: Result<AuthenticationState, WoteError> = .success(.signedIn)
    ) {
        state = Locked(
            State(
                session: SessionSnapshot(state: .signedOut(.noSession), isPersistent: false),
                storedState: storedState, defaultSignInResult: defaultSignInResult))
    }

    // MARK: Scripting

    /// Sets how a sign-in with `credential` ends.
    ///
    /// - Parameters:
    ///   - result: ``AuthenticationState/signedIn`` or ``AuthenticationState/profileRequired`` on
    ///     success, or the error to throw.
    ///   - credential: the credential it applies to.
    public func setSignInResult(_ result: Result<AuthenticationState, WoteError>, for credential: LoginCredential) {
        state.withLock { $0.signInResults[credential] = result }
    }

    /// Makes ``restoreSession()`` return `snapshot` instead of the stored state (`nil` undoes it),
    /// for states such as ``AuthenticationState/storageUnavailable(reason:)``.
    public func setRestoreResult(_ snapshot: SessionSnapshot?) {
        state.withLock { $0.restoreResult = snapshot }
    }

    /// Makes ``signOut(deviceToken:)`` throw `error` after ending the session, as when the stored
    /// tokens could not be deleted (`nil` undoes it).
    public func failSignOut(with error: WoteError?) {
        state.withLock { $0.signOutFailure = error }
    }

    /// Makes ``withdraw()`` fail with `error` (`nil` undoes it). ``WoteError/profileRequired`` keeps
    /// the session; any other error ends it first, as the real repository does.
    public func failWithdraw(with error: WoteError?) {
        state.withLock { $0.withdrawFailure = error }
    }

    /// Makes ``refreshSession()`` fail with `error` (`nil` undoes it). ``WoteError/sessionExpired``
    /// ends the session; any other error keeps it and is reported as a passing refresh failure.
    public func failRefresh(with error: WoteError?) {
        state.withLock { $0.refreshFailure = error }
    }

    /// Holds every later call at `gate` until the test opens it (`nil` stops holding).
    public func holdCalls(at gate: CallGate?) {
        state.holdCalls(at: gate)
    }

    /// Sends `event` to every subscriber as it is, without changing the session; a state-setting
    /// event becomes the ``SessionEvent/initialState(_:)`` that later subscribers hear first.
    public func emit(_ event: SessionEvent) {
        broadcaster.send(event)
    }

    /// Ends the session for `reason` and tells the subscribers, as the session engine does when the
    /// server ends it (``SignOutReason/sessionExpired``, ``SignOutReason/banned``, ...).
    public func endSession(reason: SignOutReason) {
        state.withLock { $0.end(reason: reason) }
        emit(.signedOut(reason))
    }

    /// Records that the profile was completed: the session becomes ``AuthenticationState/signedIn``
    /// and the subscribers hear ``SessionEvent/signedIn``. ``InMemoryProfileRepository`` calls it.
    public func markProfileCompleted() {
        let changed = state.withLock { state in
            guard state.session.state == .profileRequired else { return false }
            state.session.state = .signedIn
            if state.session.isPersistent { state.storedState = .signedIn }
            return true
        }
        if changed { emit(.signedIn) }
    }

    /// Ends every event stream handed out so far, so a `for await` loop over one finishes.
    public func finishEventStreams() {
        broadcaster.finishAll()
    }

    // MARK: Inspection

    /// The session as it stands.
    public var session: SessionSnapshot { state.current.session }

    /// The state kept "in the token store": what the next launch would restore; `nil` when nothing is stored.
    public var storedState: AuthenticationState? { state.current.storedState }

    /// Every sign-in so far, in order.
    public var signInCalls: [SignInCall] { state.current.signInCalls }

    /// The device token of every logout so far, in order.
    public var signOutCalls: [String?] { state.current.signOutCalls }

    /// How many times ``withdraw()`` was called.
    public var withdrawCount: Int { state.current.withdrawCount }

    /// The step-up of every withdrawal so far, in order (``WithdrawalStepUp/notNeeded`` for
    /// ``withdraw()``).
    public var withdrawalStepUps: [WithdrawalStepUp] { state.current.withdrawalStepUps }

    /// How many times ``signOutEverywhere()`` was called.
    public var signOutEverywhereCount: Int { state.current.signOutEverywhereCount }

    /// How many times ``refreshSession()`` was called.
    public var refreshCount: Int { state.current.refreshCount }

    /// How many times ``restoreSession()`` was called.
    public var restoreCount: Int { state.current.restoreCount }

    /// How many event streams are being listened to.
    public var subscriberCount: Int { broadcaster.subscriberCount }

    // MARK: AuthRepository

    /// Answers from the script; on success stores the session (in the "token store" only when
    /// `remember` is on) and sends ``SessionEvent/signedIn`` or ``SessionEvent/profileRequired``,
    /// after ``SessionEvent/signedOut(_:)`` with ``SignOutReason/loggedOut`` when it replaced a
    /// session (an account switch), as the engine does.
    public func signIn(with credential: LoginCredential, remember: Bool) async throws(WoteError)
        -> AuthenticationState
    {
        await state.arrive { $0.signInCalls.append(SignInCall(credential: credential, remember: remember)) }
        let (signedInState, replaced) = try state.withLock { (state: inout State) throws(WoteError) in
            let result = state.signInResults[credential] ?? state.defaultSignInResult
            let signedInState = try result.get()
            let replaced = state.session.state.hasSession
            state.issuedPairs += 1
            state.session = SessionSnapshot(
                state: signedInState, tokens: Self.tokens(number: state.issuedPairs), isPersistent: remember)
            state.storedState = remember ? signedInState : nil
            return (signedInState, replaced)
        }
        if replaced { emit(.signedOut(.loggedOut)) }
        emit(signedInState == .profileRequired ? .profileRequired : .signedIn)
        return signedInState
    }

    /// Ends the session whatever happens (then throws any scripted failure); sends
    /// ``SessionEvent/signedOut(_:)`` when there was a session.
    public func signOut(deviceToken: String?) async throws(WoteError) {
        await state.arrive { $0.signOutCalls.append(deviceToken) }
        let (hadSession, failure) = state.withLock { state in
            // Logout when nobody is signed in succeeds and changes nothing.
            let hadSession = state.session.state.hasSession
            if hadSession { state.end(reason: .loggedOut) }
            return (hadSession, state.signOutFailure)
        }
        if hadSession { emit(.signedOut(.loggedOut)) }
        if let failure { throw failure }
    }

    /// Refuses while the profile is required or nobody is signed in; otherwise ends the session
    /// (sending ``SessionEvent/signedOut(_:)`` with ``SignOutReason/withdrawn``) and then throws any
    /// scripted failure.
    public func withdraw() async throws(WoteError) {
        try await withdraw(stepUp: .notNeeded)
    }

    /// As ``withdraw()``, recording `stepUp` in ``withdrawalStepUps``.
    ///
    /// - Parameter stepUp: what the provider gave for the withdrawal.
    public func withdraw(stepUp: WithdrawalStepUp) async throws(WoteError) {
        await state.arrive {
            $0.withdrawCount += 1
            $0.withdrawalStepUps.append(stepUp)
        }
        try state.withLock { (state: inout State) throws(WoteError) in
            if state.session.state == .profileRequired || state.withdrawFailure == .profileRequired {
                throw .profileRequired
            }
            guard state.session.state.hasSession else { throw .notSignedIn }
            state.end(reason: .withdrawn)
        }
        emit(.signedOut(.withdrawn))
        if let failure = state.current.withdrawFailure { throw failure }
    }

    /// Ends the session as a logout (``SignOutReason/loggedOut``), as a server that ended every
    /// sign-in of the member answers; ``WoteError/notSignedIn`` when nobody is signed in.
    public func signOutEverywhere() async throws(WoteError) {
        await state.arrive { $0.signOutEverywhereCount += 1 }
        try state.withLock { (state: inout State) throws(WoteError) in
            guard state.session.state.hasSession else { throw .notSignedIn }
            state.end(reason: .loggedOut)
        }
        emit(.signedOut(.loggedOut))
    }

    /// Returns the scripted snapshot, else the stored session, else signed out; sends
    /// ``SessionEvent/restored(_:)``.
    public func restoreSession() async -> SessionSnapshot {
        await state.arrive { $0.restoreCount += 1 }
        let snapshot = state.withLock { state in
            if let scripted = state.restoreResult {
                state.session = scripted
            } else if let stored = state.storedState {
                state.issuedPairs += 1
                state.session = SessionSnapshot(
                    state: stored, tokens: Self.tokens(number: state.issuedPairs), isPersistent: true)
            } else {
                state.session = SessionSnapshot(state: .signedOut(.noSession), isPersistent: false)
            }
            return state.session
        }
        emit(.restored(snapshot.state))
        return snapshot
    }

    /// Issues a new pair and sends ``SessionEvent/tokensRefreshed``, or fails as scripted; the
    /// refresh is announced by ``SessionEvent/refreshStarted`` and ``SessionEvent/refreshEnded``.
    public func refreshSession() async throws(WoteError) -> SessionSnapshot {
        let signedIn = state.current.session.state.hasSession
        if signedIn { emit(.refreshStarted) }
        var announcedEnd = false
        defer { if signedIn && !announcedEnd { emit(.refreshEnded) } }
        await state.arrive { $0.refreshCount += 1 }
        let outcome = state.withLock { state -> Result<SessionSnapshot, WoteError> in
            guard state.session.state.hasSession else { return .failure(.notSignedIn) }
            if let failure = state.refreshFailure {
                if failure == .sessionExpired { state.end(reason: .sessionExpired) }
                return .failure(failure)
            }
            state.issuedPairs += 1
            state.session.tokens = Self.tokens(number: state.issuedPairs)
            return .success(state.session)
        }
        switch outcome {
        case .success(let snapshot):
            emit(.tokensRefreshed)
            return snapshot
        case .failure(.notSignedIn):
            throw .notSignedIn
        case .failure(.sessionExpired):
            // As the engine: the refresh is over, then the session it ended is.
            announcedEnd = true
            emit(.refreshEnded)
            emit(.signedOut(.sessionExpired))
            throw .sessionExpired
        case .failure(let error):
            emit(.refreshFailed(error))
            throw error
        }
    }

    /// The session as it stands.
    public func currentSession() async -> SessionSnapshot {
        state.current.session
    }

    /// A new stream that starts with ``SessionEvent/initialState(_:)`` once the session is known (as
    /// the real one does: after a restore, sign-in or sign-out), then sees every later event until
    /// ``finishEventStreams()`` or until the listener stops.
    public func sessionEvents() -> AsyncStream<SessionEvent> {
        broadcaster.stream()
    }

    private static func tokens(number: Int) -> TokenPair {
        TokenPair(
            accessToken: "in-memory-access-\(number)", refreshToken: "in-memory-refresh-\(number)",
            accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
            accessTokenIssuedAt: Date(timeIntervalSince1970: 0))
    }
}
