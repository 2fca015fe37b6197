import Foundation
package import WoteData
package import WoteDomain
import WoteLocked
package import WoteWire

/// The one owner of the tokens and the authentication state.
///
/// Login, refresh, logout, withdrawal and restore all go through it, and every change is written
/// through the token storage. It attaches the access token to authenticated requests (only for the
/// configured origin), refreshes it before it expires and when the server rejects it, shares one
/// refresh among every request that needs it, and ignores a refresh that finishes after the session
/// it belonged to has ended.
package actor SessionEngine {
    let client: HTTPClient
    /// Sends the refresh call; follows no redirects, so a credential never leaves the origin. Its
    /// time-out is the request time-out plus ``lateRefreshAnswerGrace``.
    let refreshClient: HTTPClient
    /// How long past the request time-out the refresh call is still waited for. The server may
    /// have rotated already: a late answer thrown away leaves a spent refresh token in the store,
    /// which a strict server answers with E016 at the next refresh (issue 33, review #10). It stays
    /// inside the 5 s margin another process waits for the store's lock beyond the time-out
    /// (``storeLockWait``); an answer later still is lost.
    static let lateRefreshAnswerGrace: Duration = .seconds(3)
    let storage: any TokenStorage
    package let clock: WoteClock
    let configuration: SessionConfiguration
    let broadcaster: SessionEventBroadcaster
    /// Receives each request, refresh and session change, redacted.
    let diagnostics: WoteDiagnostics
    /// The authorized requests that may be on the wire at once.
    let slots: RequestSlots
    /// Keeps the last transitions and writes the record of each end beside the store.
    let recorder: SignOutRecorder

    /// The session in memory (the machine's; see `SessionStateMachine+Session.swift`).
    var session: StoredSession? { machine.session }
    /// The generation `session` was set in (see ``SessionStateMachine/sessionGeneration``).
    var sessionGeneration: UInt64 { machine.sessionGeneration }
    /// The authentication state as it stands (the machine's).
    var state: AuthenticationState { machine.state }
    /// Whether the session is kept between launches (the machine's).
    var isPersistent: Bool { machine.isPersistent }
    /// The session's decisions: the session and its state, its generation, the refresh flight, the
    /// ends being stored, the store queue (see `SessionStateMachine.swift`). The actor carries out
    /// what its events return; the lane follows every change of the session, its generation and the
    /// flight here.
    var machine = SessionStateMachine() {
        didSet {
            let wasRefreshing = oldValue.flight != nil
            let refreshing = machine.flight != nil
            guard
                oldValue.generation != machine.generation || oldValue.sessionChanges != machine.sessionChanges
                    || wasRefreshing != refreshing
            else { return }
            publishLane()
            if wasRefreshing != refreshing { broadcaster.send(refreshing ? .refreshStarted : .refreshEnded) }
        }
    }
    /// Bumped whenever a session begins or ends; work that started in another generation stores nothing.
    var generation: UInt64 { machine.generation }
    /// The task sending the refresh call of the flight with this id; cancelled when its session ends.
    var flightTask: (id: UInt64, task: Task<Void, Never>)?
    /// The continuations of the requests waiting for a refresh, keyed by the machine's waiter ids.
    var refreshContinuations: [SessionStateMachine.WaiterID: CheckedContinuation<RefreshOutcome, Never>] = [:]
    /// Outcomes the machine handed to a refresh waiter before its continuation was in place.
    var earlyRefreshOutcomes: [SessionStateMachine.WaiterID: RefreshOutcome] = [:]
    /// The continuations of the requests waiting for the ends' store writes.
    var endingContinuations: [SessionStateMachine.WaiterID: CheckedContinuation<Void, Never>] = [:]
    /// The continuations of the store changes waiting for their turn.
    var storeContinuations: [SessionStateMachine.WaiterID: CheckedContinuation<Void, Never>] = [:]
    /// The continuations of the logouts waiting for the refresh they let land.
    var landingContinuations: [SessionStateMachine.WaiterID: CheckedContinuation<Void, Never>] = [:]
    /// When the store last refused the session that memory holds (a refreshed pair it could not
    /// write), by the monotonic clock; `nil` while the store is up to date. Requests then go
    /// through the actor, which writes the pair again (see `SessionEngine+Store.swift`).
    var storeBehindSince: Duration? {
        didSet { publishLane() }
    }
    /// What a request needs to take its token without entering the actor, republished by every
    /// change of `session`, `generation`, the flight and `storeBehindSince` (see `SessionEngine+Send.swift`).
    let lane = Locked(SendLane())
    /// The origin this engine's sessions belong to (`scheme://host:port`).
    let origin: String?
    /// What this process last read from or wrote to the store: a change is written only while the
    /// store still holds it (compare-and-swap under the store's lock).
    var lastSeenInStore: StoredSession?
    /// Whether an end's removal from the store failed: the next change of the store, logout or restore
    /// removes again. Shared by every engine of the process on the same store (``StoreTurns``), so
    /// another client neither adopts nor writes back the session a logout could not remove.
    var removalPending: Bool {
        get { storeTurnKey.map { StoreTurns.shared.owesRemoval($0) } ?? ownRemovalPending }
        set {
            if let storeTurnKey {
                StoreTurns.shared.setOwesRemoval(newValue, storeTurnKey, of: storage, sessionID: endedSessionID)
            } else {
                ownRemovalPending = newValue
            }
        }
    }
    /// ``removalPending`` for a store that is a value (no ``StoreTurns`` key).
    var ownRemovalPending = false
    /// The ``StoredSession/sessionID`` of the session the last end here removes from the store, never
    /// another session stored since (a sign-in in another process); see
    /// ``SessionStateMachine/endedSessionID(ending:owed:)``.
    var endedSessionID: String?
    /// The ``StoredSession/sessionID`` of the session whose removal is owed (``removalPending``),
    /// recorded with the debt and shared as it is: whichever engine of the process makes the removal
    /// removes that session, not one it ended itself before.
    var owedSessionID: String? {
        storeTurnKey.map { StoreTurns.shared.owedSessionID($0) } ?? endedSessionID
    }
    /// This process's turns in the store's changes, shared with every engine on the same store.
    let storeTurnKey: StoreTurns.Key?
    /// The store's cross-process lock while this engine holds it (with its turn), inside
    /// ``withStore(_:)``.
    var heldStoreLock: TokenStorageLock?
    /// The store's notices while they are heard (see `SessionEngine+Notices.swift`).
    var storeObservation: StoreObservation?
    /// A leader's observation of its followers' "refresh wanted" (see `SessionEngine+Follower.swift`).
    var wantedObservation: StoreObservation?
    /// The notices heard and the notices followed (the store read again after them), counted on
    /// the notices' own thread: while one is not followed, no token is handed out.
    let noticeCounts = Locked((arrived: UInt64(0), followed: UInt64(0)))
    /// The protected-data notices heard so far, and the task hearing them (see
    /// `SessionEngine+ProtectedData.swift`).
    var protectedDataNoticesHeard: UInt64 = 0
    let protectedDataListening = Locked<Task<Void, Never>?>(nil)
    /// The continuations of the token decisions waiting for the notices to be followed, keyed by
    /// the machine's waiter ids.
    var noticeContinuations: [SessionStateMachine.WaiterID: CheckedContinuation<Void, Never>] = [:]

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
        let recorder = SignOutRecorder(
            store: signOutRecordStore(beside: storage), now: clock.now, endingCode: configuration.contract.endingCode)
        self.recorder = recorder
        let onSend: @Sendable (SessionEvent) -> Void
        if diagnostics.isEnabled {
            let handle = diagnostics.handle
            onSend = { event in
                recorder.note(event)
                handle(.session(event))
            }
        } else {
            onSend = { event in recorder.note(event) }
        }
        broadcaster = SessionEventBroadcaster(onSend: onSend)
        self.client = client
        self.refreshClient = client.with(
            timeout: client.timeout + Self.lateRefreshAnswerGrace, maximumRedirects: 0)
        self.storage = storage
        self.clock = clock
        self.configuration = configuration
        self.origin = client.origin?.description
        self.storeTurnKey = StoreTurns.key(of: storage)
    }

    // MARK: - State

    /// The session as it stands.
    package func snapshot() -> SessionSnapshot {
        SessionSnapshot(state: state, tokens: session?.tokens, isPersistent: isPersistent)
    }

    /// The record of the last end of a session on this store, kept beside it; `nil` when none was
    /// kept (or the store keeps none, and none ended in this process).
    package func lastSignOut() -> SignOutRecord? {
        recorder.lastRecord
    }

    /// A new stream of session events.
    package nonisolated func events() -> AsyncStream<SessionEvent> {
        broadcaster.stream()
    }

    /// Tells every subscriber that the member's profile was fetched for the session `identity`,
    /// only while that session is current: a profile fetched for a session that has ended since
    /// belongs to nobody, and is never shown in a newer one (issue 33, item 2).
    ///
    /// Without waiting for the actor: the lane is checked under the broadcaster's lock. The actor
    /// republishes the lane before it sends the events of a session's end or beginning, so the
    /// event either comes before those, or is not sent.
    ///
    /// - Throws: when `identity` is no longer the current session, the error a request of that
    ///   session gets once it has ended (``WoteError/notSignedIn`` when another began).
    package nonisolated func announceProfile(_ user: User, ifStill identity: SessionIdentity) async throws(WoteError) {
        let sent = broadcaster.send(
            .profileFetched(user),
            while: {
                lane.withLock { SessionStateMachine.identity(hasSession: $0.hasSession, in: $0.generation) } == identity
            })
        guard sent else { throw await errorForMissingSessionOnceStored() }
    }

    /// Ends every event stream handed out so far (at shutdown, or in tests to read what was sent).
    package nonisolated func finishEventStreams() {
        stopHearingProtectedData()
        broadcaster.finishAll()
    }

    /// The error for a request that needs a session when there is none, saying why there is none.
    func errorForMissingSession() -> WoteError {
        SessionStateMachine.errorForMissingSession(in: state)
    }

    // MARK: - Beginning and ending

    /// Starts a session with freshly issued tokens, replacing any other (in this process and in the
    /// store, whichever origin the stored one belongs to).
    ///
    /// Write, then switch (``SessionStateMachine/signInStored(_:persist:written:)``):
    /// the new session is written to the store first, in the store queue after every change asked
    /// for before it (a refresh under way, an end); only then does it become the session in memory,
    /// with its event. Until then the previous session goes on, and a store that refuses the write
    /// leaves it as it was, its refresh included.
    ///
    /// - Parameters:
    ///   - new: the tokens and whether the profile is completed.
    ///   - persist: write to the store, or keep in memory and remove any stored session.
    /// - Returns: the state once the new session began.
    /// - Throws: ``WoteError/storageFailure(_:)``; nothing has changed then.
    package func begin(_ new: StoredSession, persist: Bool) async throws(WoteError) -> AuthenticationState {
        hearStoreNotices()
        let (beginning, write) = SessionStateMachine.beginning(
            new, sessionID: UUID().uuidString, origin: origin, now: clock.now(), persist: persist)
        return try await withStore { () async throws(WoteError) -> AuthenticationState in
            var failure: WoteError?
            do throws(WoteError) {
                try await writeBeginning(beginning, write)
            } catch {
                failure = error
            }
            switch machine.signInStored(beginning, persist: persist, written: failure == nil) {
            case .keepPrevious:
                throw failure ?? .storageFailure("the store refused the session")
            case .switchTo(let actions, let events):
                run(actions)
                storeBehindSince = nil
                broadcast(events)
                return state
            }
        }
    }

    /// Writes a beginning session to the store as the machine said (call it inside ``withStore(_:)``):
    /// saves it, or, for a session kept in memory only, removes whatever the store holds, whichever
    /// origin it belongs to.
    private func writeBeginning(_ beginning: StoredSession, _ write: SessionStateMachine.StoreWrite)
        async throws(WoteError)
    {
        do {
            switch write {
            case .save:
                try await storage.save(beginning)
                lastSeenInStore = beginning
            case .remove, .removeUnlessAnotherOrigins:
                try await storage.remove()
                lastSeenInStore = nil
            }
        } catch {
            throw .storageFailure(error.reason)
        }
        removalPending = false
    }

    /// Ends the session locally for `reason` and removes the stored session when it belongs to this
    /// origin; idempotent. It always wins over a refresh running in this process or another: the
    /// session ends in memory at once, a refresh under way is abandoned (its call cancelled, so the
    /// store is not held for it), and the requests that waited for the session hear that it ended
    /// once the store has been written.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the stored tokens could not be removed; the
    ///   in-memory session has ended all the same.
    package func end(reason: SignOutReason) async throws(WoteError) {
        let ending = endInMemory(reason: reason)
        defer { announce(ending) }
        try await storeEnd(replacingOtherOrigins: false)
    }

    /// Ends the session after the server said it is over; a storage failure is reported as an event
    /// only, since the caller's request has its own answer.
    ///
    /// - Parameter cancellingRefresh: whether to cancel the refresh under way; `false` when the
    ///   refresh itself is ending the session.
    func endAfterServerVerdict(reason: SignOutReason, cancellingRefresh: Bool = true) async {
        let ending = endInMemory(reason: reason, cancellingRefresh: cancellingRefresh)
        defer { announce(ending) }
        do {
            try await storeEnd(replacingOtherOrigins: false)
        } catch {
            broadcaster.send(.refreshFailed(error))
        }
    }

    /// Removes any stored session, whichever origin it belongs to, and ends the session in memory:
    /// for "first launch after a reinstall", before or instead of ``restore()``.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the store cannot be written; the in-memory
    ///   session has ended all the same.
    package func wipeStoredSession() async throws(WoteError) {
        let ending = endInMemory(reason: .loggedOut)
        defer { announce(ending) }
        try await storeEnd(replacingOtherOrigins: true)
    }

    /// Records that the server accepted the profile of the session `identity`: that session, while
    /// it is current, becomes signed in. A newer session's profile state is left alone (issue 33,
    /// item 2: the answer belongs to the session its request was issued under).
    ///
    /// - Throws: when `identity` is no longer the current session, the error a request of that
    ///   session gets once it has ended (``WoteError/notSignedIn`` when another began);
    ///   ``WoteError/storageFailure(_:)`` when the store could not be written: the state in memory
    ///   is signed in all the same (the server said so), and a `refreshFailed` event says the store
    ///   lags behind.
    package func markProfileCompleted(ifStill identity: SessionIdentity) async throws(WoteError) {
        guard machine.holds(identity) else { throw await errorForMissingSessionOnceStored() }
        try await changeProfileState(completed: true)
    }

    /// A Bearer request was answered "profile required" (§4.10): say so, without refresh or sign-out.
    func noteProfileRequired(generation requestGeneration: UInt64) async {
        guard
            machine.profileChanges(
                to: false, issuedIn: requestGeneration, profileCompleted: session?.profileCompleted)
        else { return }
        try? await changeProfileState(completed: false)
    }

    /// A Bearer request behind the profile gate was accepted: the profile is completed.
    func noteAcceptedBehindProfileGate(generation requestGeneration: UInt64) async {
        guard
            machine.profileChanges(to: true, issuedIn: requestGeneration, profileCompleted: session?.profileCompleted)
        else { return }
        try? await changeProfileState(completed: true)
    }

    /// Sends the events the machine returned, in order.
    func broadcast(_ events: [SessionEvent]) {
        for event in events { broadcaster.send(event) }
    }

    /// Carries out what the machine decided, in order.
    func run(_ actions: [SessionStateMachine.Action]) {
        for action in actions { run(action) }
    }

    /// Carries out what the machine decided, if anything.
    func run(_ action: SessionStateMachine.Action?) {
        guard let action else { return }
        switch action {
        case .startRefreshCall(let flight):
            // The flight is not the caller: it holds no store queue, whatever the caller holds.
            let task = StoreQueueHolder.$engine.withValue(nil) { Task { await self.fly(flight) } }
            flightTask = (flight.id, task)
        case .cancelRefreshCall(let id):
            guard let running = flightTask, running.id == id else { return }
            running.task.cancel()
            flightTask = nil
        case .resumeRefreshWaiter(let waiter, let outcome):
            if let continuation = refreshContinuations.removeValue(forKey: waiter) {
                continuation.resume(returning: outcome)
            } else {
                earlyRefreshOutcomes[waiter] = outcome
            }
        case .dismissSlotWaiters(let generation):
            slots.dismissWaiting(issuedBefore: generation)
        case .resumeEndingWaiter(let waiter):
            endingContinuations.removeValue(forKey: waiter)?.resume()
        case .resumeStoreWaiter(let waiter):
            storeContinuations.removeValue(forKey: waiter)?.resume()
        case .resumeLandingWaiter(let waiter):
            landingContinuations.removeValue(forKey: waiter)?.resume()
        case .resumeNoticeWaiter(let waiter):
            noticeContinuations.removeValue(forKey: waiter)?.resume()
        }
    }
}
