import WoteDomain
import WoteRepository

/// A session that has ended in memory, and the requests to tell once the store agrees.
struct SessionEnding {
    /// The generation that began when the session ended.
    let generation: UInt64
    /// What the requests that waited for the session fail with.
    let error: WoteError
    /// The requests that waited for the abandoned refresh.
    let refreshWaiters: [CheckedContinuation<RefreshOutcome, Never>]
}

// One order for every session end (logout, withdrawal, a server verdict, a dead refresh token,
// Apple's revocation, another process's logout): the session ends in memory at once, so no token is
// handed out any more; the store is written; only then does any request that waited for the session
// (for a refresh, for a request slot, for the actor) hear that it ended.
extension SessionEngine {
    /// Ends the session in memory at once and tells subscribers, exactly once per session. The
    /// requests waiting for it are not told yet: pass the result to ``announce(_:)`` once the store
    /// has been written (or its failure is known).
    ///
    /// - Parameter cancellingRefresh: whether to cancel the call of the refresh under way, so that
    ///   it gives the store back at once; `false` when that refresh is the caller.
    func endInMemory(reason: SignOutReason, cancellingRefresh: Bool = true) -> SessionEnding {
        let hadSession = session != nil
        generation &+= 1
        let waiters = abandonFlight(cancellingItsCall: cancellingRefresh)
        session = nil
        isPersistent = true
        state = .signedOut(reason)
        endingsBeingStored += 1
        if hadSession { broadcaster.send(.signedOut(reason)) }
        return SessionEnding(generation: generation, error: reason.errorWhenMissing, refreshWaiters: waiters)
    }

    /// Tells the requests that waited for an ended session that it ended: those waiting for its
    /// refresh, those waiting for a request slot under it (not those of a session begun since), and those that
    /// found it gone while its store write ran.
    func announce(_ ending: SessionEnding) {
        for waiter in ending.refreshWaiters { waiter.resume(returning: .failed(.session(ending.error))) }
        slots.dismissWaiting(issuedBefore: ending.generation)
        endingsBeingStored -= 1
        guard endingsBeingStored == 0 else { return }
        let waiting = endingStoredWaiters
        endingStoredWaiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }

    /// Waits until every session end under way has been written to the store.
    func waitUntilEndingsAreStored() async {
        guard endingsBeingStored > 0 else { return }
        await withCheckedContinuation { endingStoredWaiters.append($0) }
    }

    /// How many requests wait for a request slot, for tests.
    package nonisolated var requestsWaitingForASlot: Int { slots.waiting }

    /// How many requests wait for a session end's store write before hearing of it, for tests.
    package func requestsWaitingForAnEndToBeStored() -> Int {
        endingStoredWaiters.count
    }

    /// The error for a request that needs a session and finds none, once any session end under way
    /// has been written to the store: a request never hears of an end before the store does.
    func errorForMissingSessionOnceStored() async -> WoteError {
        await waitUntilEndingsAreStored()
        return errorForMissingSession()
    }

    /// Forgets the running refresh and hands back the requests waiting for it; its call may still
    /// finish, but it belongs to an ended generation: nothing of it reaches memory, and its answer
    /// reaches the store only while the store still holds the pair it spent (`recordAbandonedAnswer`).
    ///
    /// - Parameter cancellingItsCall: cancel the refresh's task, so that its call stops at once and
    ///   the store it holds is given back.
    func abandonFlight(cancellingItsCall: Bool) -> [CheckedContinuation<RefreshOutcome, Never>] {
        guard let abandoned = flight else { return [] }
        flight = nil
        if cancellingItsCall { abandoned.task?.cancel() }
        return Array(abandoned.waiters.values)
    }
}
