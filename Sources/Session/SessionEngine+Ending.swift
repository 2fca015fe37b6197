import WoteData
import WoteDomain
import WoteLocked
import WoteWire

/// A session that has ended in memory; pass it to ``SessionEngine/announce(_:)`` once the store agrees.
struct SessionEnding {
    /// The machine's id of the end.
    let id: UInt64
}

// One order for every session end (logout, withdrawal, a server verdict, a dead refresh token,
// Apple's revocation, another process's logout): the session ends in memory at once, so no token is
// handed out any more; the store is written; only then does any request that waited for the session
// (for a refresh, for a request slot, for the actor) hear that it ended.
extension SessionEngine {
    /// Ends the session in memory at once and tells subscribers when the state changes. The
    /// requests waiting for it are not told yet: pass the result to ``announce(_:)`` once the store
    /// has been written (or its failure is known).
    ///
    /// - Parameter cancellingRefresh: whether to cancel the call of the refresh under way, so that
    ///   it gives the store back at once; `false` when that refresh is the caller.
    func endInMemory(reason: SignOutReason, cancellingRefresh: Bool = true) -> SessionEnding {
        carryOut(machine.endSession(reason, cancellingRefresh: cancellingRefresh))
    }

    /// Carries out an end the machine made in memory (``SessionStateMachine/endSession(_:cancellingRefresh:)``):
    /// notes which session the store write removes, runs its actions, sends its events and records it.
    func carryOut(_ end: SessionStateMachine.End) -> SessionEnding {
        endedSessionID = SessionStateMachine.endedSessionID(
            ending: end.ended, removalPending: removalPending, owedSessionID: owedSessionID)
        run(end.actions)
        broadcast(end.events)
        // The one place every end passes: its record, beside the store, after its event.
        if end.isRecorded {
            recorder.record(
                end.reason, call: .ending(end.reason, cancellingRefresh: end.cancellingRefresh),
                endedSessionID: end.ended?.sessionID)
        }
        return SessionEnding(id: end.id)
    }

    /// Makes the store hold what memory holds after an end (its removal), so that the end always
    /// finishes: the step runs to its end whatever happens to the caller (``finishing(_:)``), and one
    /// that did not complete leaves the removal owed (``owingTheRemoval(_:)``).
    ///
    /// - Parameter replacingOtherOrigins: whether another origin's stored session goes too (a wipe).
    /// - Throws: ``WoteError/storageFailure(_:)`` when the store was not emptied.
    func storeEnd(replacingOtherOrigins: Bool) async throws(WoteError) {
        let failure = await finishing { engine -> WoteError? in
            do throws(WoteError) {
                try await engine.owingTheRemoval { () async throws(WoteError) in
                    try await engine.withStore { () async throws(WoteError) in
                        try await engine.writeMemoryToStore(replacingOtherOrigins: replacingOtherOrigins)
                    }
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Runs an end's store step; when it does not complete, for any reason (the store's turn or
    /// lock not had in time, a cancelled wait, no background time, the store refusing the write),
    /// the removal is owed while no session is in memory: the next change of the store, restore or
    /// logout makes it, and the sign-out record, written before the step, carries it to the other
    /// processes and the next launch.
    func owingTheRemoval(_ step: () async throws(WoteError) -> Void) async throws(WoteError) {
        do {
            try await step()
        } catch {
            if machine.refusedWriteOwesRemoval { removalPending = true }
            throw error
        }
    }

    /// Runs `body` to its end whatever happens to the caller: in a task of its own, holding no store
    /// queue, so the caller's cancellation (a view going away) does not cut an end's store step
    /// short; in place when the caller holds this engine's store queue (a task of its own would wait
    /// for the caller for ever).
    func finishing<T: Sendable>(_ body: @escaping @Sendable (isolated SessionEngine) async -> T) async -> T {
        if StoreQueueHolder.engine == ObjectIdentifier(self) { return await body(self) }
        let task = StoreQueueHolder.$engine.withValue(nil) { Task { await body(self) } }
        return await task.value
    }

    /// Runs `body` to its end in a task of its own, as ``finishing(_:)`` does, but answers a
    /// cancelled caller at once with `cancelled` while `body` goes on.
    func finishing<T: Sendable>(
        orOnCancel cancelled: T, _ body: @escaping @Sendable (isolated SessionEngine) async -> T
    ) async -> T {
        let task = StoreQueueHolder.$engine.withValue(nil) { Task { await body(self) } }
        let answer = FirstAnswer<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.wait(with: continuation)
                Task { answer.give(await task.value) }
            }
        } onCancel: {
            answer.give(cancelled)
        }
    }

    /// Tells the requests that waited for an ended session that it ended: those waiting for its
    /// refresh, those waiting for a request slot under it (not those of a session begun since), and those that
    /// found it gone while its store write ran.
    func announce(_ ending: SessionEnding) {
        run(machine.endingStored(ending.id))
    }

    /// Waits until the refresh flight `id`, which a logout let land, has ended.
    func waitForLanding(_ id: UInt64) async {
        guard let waiter = machine.waitForLanding(id) else { return }
        await withCheckedContinuation { landingContinuations[waiter] = $0 }
    }

    /// Waits until every session end under way has been written to the store.
    /// A cancelled caller stops waiting at once.
    func waitUntilEndingsAreStored() async {
        guard let waiter = machine.waitForEndingsStored() else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { return continuation.resume() }
                endingContinuations[waiter] = continuation
            }
        } onCancel: {
            Task { await self.stopWaitingForEndings(waiter) }
        }
    }

    /// Resumes the ending waiter `waiter`, whose caller was cancelled (if it still waits).
    private func stopWaitingForEndings(_ waiter: SessionStateMachine.WaiterID) {
        run(machine.endingWaiterCancelled(waiter))
    }

    /// The error for a request that needs a session and finds none, once any session end under way
    /// has been written to the store: a request never hears of an end before the store does.
    func errorForMissingSessionOnceStored() async -> WoteError {
        await waitUntilEndingsAreStored()
        return errorForMissingSession()
    }
}

/// The first of several answers, handed to the one waiting continuation; a later answer, or one
/// that comes before anybody waits, is kept until then or dropped.
final class FirstAnswer<T: Sendable>: Sendable {
    private let state = Locked<(continuation: CheckedContinuation<T, Never>?, early: T?, given: Bool)>(
        (nil, nil, false))

    /// Waits with `continuation`; an answer that came first resumes it at once.
    func wait(with continuation: CheckedContinuation<T, Never>) {
        let early: T? = state.withLock { box in
            guard let early = box.early else {
                box.continuation = continuation
                return nil
            }
            box.early = nil
            box.given = true
            return early
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Gives `value`, unless an answer was given already.
    func give(_ value: T) {
        let waiting: CheckedContinuation<T, Never>? = state.withLock { box in
            guard !box.given else { return nil }
            guard let continuation = box.continuation else {
                if box.early == nil { box.early = value }
                return nil
            }
            box.continuation = nil
            box.given = true
            return continuation
        }
        waiting?.resume(returning: value)
    }
}
