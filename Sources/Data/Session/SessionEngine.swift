import Foundation
package import WoteDomain
import WoteRepository

/// The one owner of the tokens and the authentication state.
///
/// Login, refresh, logout, withdrawal and restore all go through it, and every change is written
/// through the token storage. It attaches the access token to authenticated requests (only for the
/// configured origin), refreshes it before it expires and when the server rejects it, shares one
/// refresh among every request that needs it, and ignores a refresh that finishes after the session
/// it belonged to has ended.
package actor SessionEngine {
    let client: HTTPClient
    /// Sends the refresh call; follows no redirects, so a credential never leaves the origin.
    let refreshClient: HTTPClient
    let storage: any TokenStorage
    let clock: WoteClock
    let configuration: SessionConfiguration
    let broadcaster: SessionEventBroadcaster
    /// Receives each request, refresh and session change, redacted.
    let diagnostics: WoteDiagnostics
    /// The authorized requests that may be on the wire at once.
    let slots: RequestSlots

    var session: StoredSession?
    var state: AuthenticationState = .signedOut(.noSession)
    var isPersistent = true
    /// Bumped whenever a session begins or ends; work that started in another generation stores nothing.
    var generation: UInt64 = 0
    var flight: RefreshFlight?
    var nextFlightID: UInt64 = 0
    var nextWaiterID: UInt64 = 0
    /// Monotonic times of recent refresh calls, for the storm guard.
    var recentRefreshes: [Duration] = []

    /// Creates an engine with no session; call ``restore()`` at launch.
    ///
    /// - Parameters:
    ///   - client: sends requests to the API origin.
    ///   - storage: where the session is kept between launches.
    ///   - clock: wall-clock and monotonic time.
    ///   - configuration: leeway, storm guard and the backend's contract.
    ///   - diagnostics: receives each request, refresh and session change, redacted.
    package init(
        client: HTTPClient, storage: any TokenStorage, clock: WoteClock, configuration: SessionConfiguration,
        diagnostics: WoteDiagnostics = .none
    ) {
        self.diagnostics = diagnostics
        slots = RequestSlots(limit: configuration.maximumConcurrentRequests)
        var onSend: (@Sendable (SessionEvent) -> Void)?
        if diagnostics.isEnabled {
            let handle = diagnostics.handle
            onSend = { event in handle(.session(event)) }
        }
        broadcaster = SessionEventBroadcaster(onSend: onSend)
        self.client = client
        self.refreshClient = HTTPClient(
            baseURL: client.baseURL, transport: client.transport, timeout: client.timeout, maximumRedirects: 0)
        self.storage = storage
        self.clock = clock
        self.configuration = configuration
    }

    // MARK: - State

    /// The session as it stands.
    package func snapshot() -> SessionSnapshot {
        SessionSnapshot(state: state, tokens: session?.tokens, isPersistent: isPersistent)
    }

    /// Whether an access token is held that has not yet expired.
    package func hasUnexpiredAccessToken() -> Bool {
        guard let session else { return false }
        return !session.tokens.isAccessTokenExpired(at: clock.now())
    }

    /// A new stream of session events.
    package nonisolated func events() -> AsyncStream<SessionEvent> {
        broadcaster.stream()
    }

    /// Ends every event stream handed out so far (at shutdown, or in tests to read what was sent).
    package nonisolated func finishEventStreams() {
        broadcaster.finishAll()
    }

    /// The error for a request that needs a session when there is none, saying why there is none.
    func errorForMissingSession() -> WoteError {
        switch state {
        case .signedOut(let reason): reason.errorWhenMissing
        case .storageUnavailable(let reason): .storageFailure(reason)
        case .signedIn, .profileRequired: .notSignedIn
        }
    }

    // MARK: - Beginning and ending

    /// Starts a session with freshly issued tokens, replacing any other.
    ///
    /// - Parameters:
    ///   - new: the tokens and whether the profile is completed.
    ///   - persist: write to the store, or keep in memory and remove any stored session.
    /// - Throws: ``WoteError/storageFailure(_:)``; the previous session is then kept.
    package func begin(_ new: StoredSession, persist: Bool) async throws(WoteError) -> AuthenticationState {
        let previous = (session: session, state: state, isPersistent: isPersistent)
        startNewGeneration(failingWaitersWith: .notSignedIn)
        let beginning = generation
        session = new
        isPersistent = persist
        state = new.profileCompleted ? .signedIn : .profileRequired
        do {
            if persist { try await storage.save(new) } else { try await storage.remove() }
        } catch {
            // Roll back only while nothing newer (a logout, another sign-in) has taken over.
            if generation == beginning { (session, state, isPersistent) = previous }
            throw .storageFailure(error.reason)
        }
        guard generation == beginning else {
            // Overtaken while writing: the newer change owns the session and has told subscribers.
            await restoreStoreAfterLateWrite()
            return state
        }
        broadcaster.send(new.profileCompleted ? .signedIn : .profileRequired)
        return state
    }

    /// Ends the session locally for `reason` and removes the stored tokens; idempotent.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the stored tokens could not be removed; the
    ///   in-memory session has ended all the same.
    package func end(reason: SignOutReason) async throws(WoteError) {
        endInMemory(reason: reason)
        let ending = generation
        do {
            try await storage.remove()
        } catch {
            throw .storageFailure(error.reason)
        }
        if generation != ending { await restoreStoreAfterLateWrite() }
    }

    /// Ends the session after the server said it is over; a storage failure is reported as an event
    /// only, since the caller's request has its own answer.
    func endAfterServerVerdict(reason: SignOutReason) async {
        endInMemory(reason: reason)
        let ending = generation
        do {
            try await storage.remove()
        } catch {
            broadcaster.send(.refreshFailed(.storageFailure(error.reason)))
        }
        if generation != ending { await restoreStoreAfterLateWrite() }
    }

    /// Forgets the session in memory and tells subscribers, exactly once per session.
    @discardableResult
    private func endInMemory(reason: SignOutReason) -> Bool {
        let hadSession = session != nil
        startNewGeneration(failingWaitersWith: reason.errorWhenMissing)
        session = nil
        isPersistent = true
        state = .signedOut(reason)
        if hadSession { broadcaster.send(.signedOut(reason)) }
        return hadSession
    }

    /// Records that the server accepted the profile: the state becomes signed in.
    package func markProfileCompleted() async throws(WoteError) {
        guard var current = session else { throw errorForMissingSession() }
        current.profileCompleted = true
        session = current
        state = .signedIn
        broadcaster.send(.signedIn)
        try await persist(current)
    }

    /// A Bearer request was answered "profile required" (§4.10): say so, without refresh or sign-out.
    func noteProfileRequired(generation requestGeneration: UInt64) async {
        guard requestGeneration == generation, var current = session, current.profileCompleted else { return }
        current.profileCompleted = false
        session = current
        state = .profileRequired
        broadcaster.send(.profileRequired)
        try? await persist(current)
    }

    /// Writes `current` when the session is persistent and still the same one afterwards.
    func persist(_ current: StoredSession) async throws(WoteError) {
        guard isPersistent else { return }
        let saved = generation
        do {
            try await storage.save(current)
        } catch {
            throw .storageFailure(error.reason)
        }
        // A logout or a new sign-in that ran while the write was in flight must not be undone by
        // it: the store is set back to what the session is now.
        if saved != generation { await restoreStoreAfterLateWrite() }
    }

    /// Makes the store hold the current session again (or nothing, when there is none or it is
    /// kept in memory only) after a write for an ended generation may have landed last.
    func restoreStoreAfterLateWrite() async {
        if let session, isPersistent {
            try? await storage.save(session)
        } else {
            try? await storage.remove()
        }
    }

    private func startNewGeneration(failingWaitersWith error: WoteError) {
        generation &+= 1
        abandonFlight(failingWaitersWith: error)
    }
}

extension SessionEngine: SessionDataSource {}
