package import WoteData
package import WoteDomain
package import WoteWire

/// The session's decisions, as a value: events go in (its `mutating` functions), actions come out
/// (``Action``), which ``SessionEngine`` carries out (resuming continuations, cancelling a call).
///
/// It owns the session in memory, its state and whether it is kept between launches (``session``,
/// ``state``, ``isPersistent``; every change is a transition of `SessionStateMachine+Session.swift`
/// or ``restoreRead(_:askedIn:removalPending:origin:now:)``, which returns the events to send), the
/// session's identity (``generation``), the refresh flight and the requests waiting
/// for it, the session ends whose store write is under way and the requests waiting for them, the
/// order of the engine's store changes, the storm guard and the access tokens a refresh replaced.
/// Waiters are known by id only: the engine keeps their continuations, keyed by those ids, and
/// resumes one only when an action says so. Nothing here waits, reads a clock or does I/O: time
/// comes in with the events that need it. The request slots' own bookkeeping is ``Slots``, kept
/// beside the engine's lock-free lane so that a request takes a slot without entering the actor;
/// which slot waiters an end sends away is decided here (``Action/dismissSlotWaiters(issuedBefore:)``).
///
/// Modelled on async-http-client's `Transaction.StateMachine` and `HTTPConnectionPool.StateMachine`,
/// and tested directly the same way (`SessionStateMachineTests`), with no hook in the engine.
package struct SessionStateMachine: Sendable {
    /// Names a request waiting for something (a refresh, an end's store write, the store queue).
    package typealias WaiterID = UInt64

    /// One refresh call and the requests waiting for its outcome.
    package struct Flight: Sendable, Equatable {
        package let id: UInt64
        /// The generation it refreshes; an answer that arrives in another one belongs to nobody.
        package let generation: UInt64
        package let trigger: RefreshDiagnostic.Trigger
        /// The waiting requests, in arrival order.
        package var waiters: [WaiterID] = []
    }

    /// A session that has ended in memory while its store write runs.
    package struct Ending: Sendable, Equatable {
        package let id: UInt64
        /// The generation that began when the session ended.
        package let generation: UInt64
        /// What the requests that waited for the session fail with.
        package let error: WoteError
        /// The requests that waited for the refresh the end abandoned.
        package let refreshWaiters: [WaiterID]
    }

    /// What the engine must do after an event, in order.
    package enum Action: Sendable, Equatable {
        /// Send the refresh call of `flight` (a task of its own); report its outcome with
        /// ``SessionStateMachine/refreshFinished(flight:outcome:)``.
        case startRefreshCall(Flight)
        /// Cancel the refresh call of flight `id`: its session ended, the store it holds is given back.
        case cancelRefreshCall(flight: UInt64)
        /// Resume the request waiting for a refresh with `outcome`.
        case resumeRefreshWaiter(WaiterID, RefreshOutcome)
        /// Send away the requests waiting for a slot that were issued before `generation`.
        case dismissSlotWaiters(issuedBefore: UInt64)
        /// Resume the request that waited for the session ends' store writes.
        case resumeEndingWaiter(WaiterID)
        /// Let the next change of the store run.
        case resumeStoreWaiter(WaiterID)
        /// Resume the logout that waited for the refresh it let land.
        case resumeLandingWaiter(WaiterID)
        /// Resume the token decision that waited until every store notice was followed.
        case resumeNoticeWaiter(WaiterID)
    }

    /// Bumped whenever a session begins or ends; work that started in another generation stores nothing.
    package private(set) var generation: UInt64 = 0
    /// The session in memory; `nil` when there is none. Every change goes through
    /// ``replaceSession(with:)`` inside one of the transitions of `SessionStateMachine+Session.swift`.
    package private(set) var session: StoredSession?
    /// The generation `session` was set in. A session begins or ends in two steps (a new generation,
    /// then the session); until the second, the engine's lane shows no session rather than the old
    /// session under the new generation, which a request on another thread could take as the new
    /// session's (found under ThreadSanitizer: a request issued as a logout ran waited for a slot
    /// under the new generation instead of failing).
    package private(set) var sessionGeneration: UInt64 = 0
    /// Counts the changes of `session`: the engine republishes its lane when it moves.
    package private(set) var sessionChanges: UInt64 = 0
    /// The authentication state as it stands.
    package internal(set) var state: AuthenticationState = .signedOut(.noSession)
    /// Whether the session is kept between launches (written to the store).
    package internal(set) var isPersistent = true
    /// The refresh under way, if any.
    package private(set) var flight: Flight?
    /// The session ends whose store write is under way, oldest first.
    package private(set) var endings: [Ending] = []
    /// The requests waiting until no end's store write is under way.
    package private(set) var endingWaiters: [WaiterID] = []
    /// Whether a change of the store runs in this engine.
    package private(set) var isStoreBusy = false
    /// The changes of the store waiting for their turn, in order.
    package private(set) var storeWaiters: [WaiterID] = []
    /// The access tokens this generation's session held before a refresh (or another process's
    /// pair) replaced them, latest last.
    package internal(set) var replacedAccessTokens: (generation: UInt64, tokens: [String]) = (0, [])
    /// Refresh tokens a newer pair of the same session replaced in memory (a rotation, a pair adopted
    /// from the store), latest last: spent, so a restore never adopts them again.
    package internal(set) var retiredRefreshTokens: [String] = []
    /// Monotonic times of recent refresh calls, for the storm guard.
    package internal(set) var recentRefreshes: [Duration] = []
    /// The refreshes logouts let land, and the logouts waiting for them (`SessionStateMachine+Landing.swift`).
    package internal(set) var landings: [Landing] = []
    /// The pass over the store that follows a burst of notices, and the token decisions waiting for
    /// it (`SessionStateMachine+Notices.swift`).
    package internal(set) var noticePass = NoticePass()
    private var nextID: UInt64 = 0

    /// A machine with no session.
    package init() {}

    mutating func newID() -> UInt64 {
        nextID &+= 1
        return nextID
    }

    /// Makes `new` the session in memory, and keeps the records that follow each change: a refresh
    /// token replaced within one session is spent (``refreshTokenReplaced(_:by:inSameSession:)``),
    /// an access token replaced within it is remembered (``sessionChanged(from:to:)``).
    mutating func replaceSession(with new: StoredSession?) {
        let old = session
        session = new
        refreshTokenReplaced(
            old?.tokens.refreshToken, by: new?.tokens.refreshToken, inSameSession: sessionGeneration == generation)
        sessionGeneration = generation
        sessionChanges &+= 1
        sessionChanged(from: old?.tokens.accessToken, to: new?.tokens.accessToken)
    }

    // MARK: - Identity

    /// A session began (a sign-in, an account switch, a restore): a new generation. The requests
    /// waiting for the old session's refresh fail with `error` at once and its call is cancelled;
    /// the requests of the old session waiting for a slot are sent away.
    package mutating func sessionBegan(failingWaitersWith error: WoteError) -> [Action] {
        generation &+= 1
        var actions: [Action] = []
        if let abandoned = flight {
            flight = nil
            actions.append(.cancelRefreshCall(flight: abandoned.id))
            for waiter in abandoned.waiters { actions.append(.resumeRefreshWaiter(waiter, .failed(.session(error)))) }
        }
        actions.append(.dismissSlotWaiters(issuedBefore: generation))
        return actions
    }

    /// The session ended in memory: a new generation, and an end whose store write is under way.
    /// The requests that waited for the session's refresh are told only by ``endingStored(_:)``,
    /// once the store agrees.
    ///
    /// - Parameter cancellingRefresh: whether to cancel the refresh call under way, so that it gives
    ///   the store back at once; `false` when that refresh is ending the session itself, or when a
    ///   logout lets its answer land.
    /// - Returns: the end's id for ``endingStored(_:)``, and what to do now.
    package mutating func sessionEnded(failingWaitersWith error: WoteError, cancellingRefresh: Bool) -> (
        ending: UInt64, actions: [Action]
    ) {
        generation &+= 1
        var actions: [Action] = []
        var waiters: [WaiterID] = []
        if let abandoned = flight {
            flight = nil
            if cancellingRefresh { actions.append(.cancelRefreshCall(flight: abandoned.id)) }
            waiters = abandoned.waiters
        }
        let id = newID()
        endings.append(Ending(id: id, generation: generation, error: error, refreshWaiters: waiters))
        return (id, actions)
    }

    /// The store write of end `id` is done (or its failure is known): the requests that waited for
    /// its refresh fail, the slot waiters issued under it are sent away, and once no end is being
    /// stored, the requests that found the session gone hear so.
    package mutating func endingStored(_ id: UInt64) -> [Action] {
        guard let index = endings.firstIndex(where: { $0.id == id }) else { return [] }
        let ending = endings.remove(at: index)
        var actions = ending.refreshWaiters.map { Action.resumeRefreshWaiter($0, .failed(.session(ending.error))) }
        actions.append(.dismissSlotWaiters(issuedBefore: ending.generation))
        if endings.isEmpty {
            actions += endingWaiters.map(Action.resumeEndingWaiter)
            endingWaiters.removeAll()
        }
        return actions
    }

    /// A request found the session gone and must not hear so before the store does.
    ///
    /// - Returns: `nil` to go on now; else the id to wait under until ``Action/resumeEndingWaiter(_:)``.
    package mutating func waitForEndingsStored() -> WaiterID? {
        guard !endings.isEmpty else { return nil }
        let id = newID()
        endingWaiters.append(id)
        return id
    }

    /// The request `waiter`, waiting for the ends' store writes, was cancelled: it is resumed at
    /// once if it still waits.
    package mutating func endingWaiterCancelled(_ waiter: WaiterID) -> Action? {
        guard let index = endingWaiters.firstIndex(of: waiter) else { return nil }
        endingWaiters.remove(at: index)
        return .resumeEndingWaiter(waiter)
    }

    /// Whether work started in `generation` still belongs to the session in memory.
    package func isCurrent(_ generation: UInt64) -> Bool { generation == self.generation }

    /// The session in memory's identity (its generation), or `nil` when there is none: what work
    /// started for a session (a profile fetched, a withdrawal) carries, to act on it only while it
    /// is still the session in memory (``holds(_:)``).
    package var identity: SessionIdentity? { Self.identity(hasSession: session != nil, in: generation) }

    /// The identity of the session in `generation`, or `nil` without a session (`hasSession`
    /// `false`): the one rule for the machine and for the lane the engine publishes from it. It
    /// takes whether there is a session, not the session: asked on every request, it copies no
    /// token.
    @inline(__always)
    package static func identity(hasSession: Bool, in generation: UInt64) -> SessionIdentity? {
        hasSession ? SessionIdentity(generation: generation) : nil
    }

    /// Whether `identity` is the session in memory's: only then may work started for it (the
    /// profile completed, a fetched profile announced) change or speak for the session, never for a
    /// newer one, nor after an end.
    package func holds(_ identity: SessionIdentity) -> Bool { self.identity == identity }

    // MARK: - The refresh flight

    /// A request wants the outcome of a refresh: it joins the one under way, or one starts for the
    /// current generation.
    ///
    /// - Returns: the request's waiter id, and ``Action/startRefreshCall(_:)`` when a flight began.
    package mutating func refreshWanted(trigger: RefreshDiagnostic.Trigger) -> (waiter: WaiterID, start: Action?) {
        var start: Action?
        if flight == nil {
            let started = Flight(id: newID(), generation: generation, trigger: trigger)
            flight = started
            start = .startRefreshCall(started)
        }
        let waiter = newID()
        flight?.waiters.append(waiter)
        return (waiter, start)
    }

    /// Whether `waiter` still waits for the refresh under way.
    package func isWaitingForRefresh(_ waiter: WaiterID) -> Bool {
        flight?.waiters.contains(waiter) ?? false
    }

    /// The request `waiter` was cancelled: it is resumed at once with `.cancelled` if it still
    /// waits for the flight or for the end that took the flight's waiters over; the refresh goes
    /// on for the others.
    package mutating func refreshWaiterCancelled(_ waiter: WaiterID) -> Action? {
        if let index = flight?.waiters.firstIndex(of: waiter) {
            flight?.waiters.remove(at: index)
            return .resumeRefreshWaiter(waiter, .failed(.cancelled))
        }
        // A waiter an end took over is answered at once too: the end's store step (the landing,
        // the store's lock) may take long, and the caller has gone.
        for (index, ending) in endings.enumerated() {
            guard let position = ending.refreshWaiters.firstIndex(of: waiter) else { continue }
            var waiters = ending.refreshWaiters
            waiters.remove(at: position)
            endings[index] = Ending(
                id: ending.id, generation: ending.generation, error: ending.error, refreshWaiters: waiters)
            return .resumeRefreshWaiter(waiter, .failed(.cancelled))
        }
        return nil
    }

    /// The refresh call of flight `id` ended with `outcome`: its waiters hear it, unless the flight
    /// was abandoned meanwhile (its waiters were handed to a new session's start or an end); a
    /// logout that let it land goes on.
    package mutating func refreshFinished(flight id: UInt64, outcome: RefreshOutcome) -> [Action] {
        let landing = landingFinished(id)
        guard let finished = flight, finished.id == id else { return landing }
        flight = nil
        return finished.waiters.map { .resumeRefreshWaiter($0, outcome) } + landing
    }

    // MARK: - The store queue

    /// A change of the store wants its turn (after every earlier one of this engine).
    ///
    /// - Returns: `nil` when it holds the queue now; else the id to wait under until
    ///   ``Action/resumeStoreWaiter(_:)``, which hands it the queue.
    package mutating func enterStoreQueue() -> WaiterID? {
        guard isStoreBusy else {
            isStoreBusy = true
            return nil
        }
        let id = newID()
        storeWaiters.append(id)
        return id
    }

    /// The holder of the store queue is done: the next change in line gets it.
    package mutating func leaveStoreQueue() -> Action? {
        guard !storeWaiters.isEmpty else {
            isStoreBusy = false
            return nil
        }
        return .resumeStoreWaiter(storeWaiters.removeFirst())
    }
}

/// How a refresh ended, as each waiting request sees it.
package enum RefreshOutcome: Sendable, Equatable {
    case renewed(TokenPair)
    case failed(APIError)
}
