import Foundation
import WoteData
package import WoteDomain
import WoteWire

extension SessionEngine {
    // MARK: - Restore

    /// Restores the session from the token store: no network call while the access token is valid
    /// (on the server's timeline), a refresh when it has expired, whatever the refresh token's
    /// expiry says locally (the server decides). Another origin's stored session is not this
    /// client's: signed out, untouched, no network.
    package func restore() async -> SessionSnapshot {
        hearStoreNotices()
        hearProtectedDataNotices()
        guard !machine.restoreKeepsSession else {
            broadcaster.send(.restored(state))
            return snapshot()
        }
        let heard = protectedDataNoticesHeard
        let warning = await restoreFromStorage()
        // Protected data became available while the store was read: read it again.
        if machine.restoresAgain(noticesHeardBefore: heard, noticesHeardNow: protectedDataNoticesHeard) {
            return await restore()
        }
        var restored = snapshot()
        restored.warning = warning
        return restored
    }

    /// Reads the store and carries out what the machine makes of it
    /// (``SessionStateMachine/restoreRead(_:askedIn:removalPending:origin:now:)``), announcing the
    /// state with `restored` as it changes: a stored session is adopted and announced at once, before
    /// the refresh its expired access token needs.
    ///
    /// - Returns: the refresh's passing failure, if the adopted session goes on without a fresh token.
    func restoreFromStorage() async -> WoteError? {
        let restoring = generation
        // After every change of the store queued before it (a logout removing this very session):
        // a restore never reads what an end is about to remove. A removal the store refused before
        // is tried again first; while it fails, nothing is adopted.
        switch SessionStateMachine.restoreTurn(removalPending: removalPending) {
        case .removeOwedFirst:
            _ = try? await withStore { () async throws(WoteError) in
                // The owed session's removal, whichever engine of the process ended it.
                if machine.removesOwedSessionBeforeRestore(removalPending: removalPending) {
                    await removeOwedSession()
                }
            }
        case .waitForQueue:
            // An end whose store step has not entered the queue yet (it runs in a task of its own)
            // is waited for too (Model/session.pml: a restore begins only with `endsQueued` 0).
            await waitUntilEndingsAreStored()
            await waitForStoreQueue()
        }
        let read = await loadStore()
        // The end recorded beside the store: a session whose removal an end could not make (in
        // this process, another one or an earlier launch) is removed, never adopted.
        let recordedEnd = recorder.recordedEnd
        // The machine compares generations: a sign-in or an end that ran while the store was read
        // is newer than what was read.
        var adoption: (StoredSession, refreshFirst: Bool)?
        var spent: StoredSession?
        var ended: StoredSession?
        switch machine.restoreRead(
            read, askedIn: restoring, removalPending: removalPending, origin: origin, now: clock.now(),
            recordedEnd: recordedEnd)
        {
        case .unavailable, .corrupted, .noSession, .overtaken: break
        case .spentPair(let stored): spent = stored
        case .endedSession(let stored): ended = stored
        case .adopt(let stored, let actions, let refreshFirst):
            run(actions)
            lastSeenInStore = stored
            adoption = (stored, refreshFirst)
        }
        // Announced as the state changes: before the refresh an expired access token needs.
        broadcaster.send(.restored(state))
        if let spent {
            // Compare-and-swap: only while the store still holds that pair and nobody signed in.
            _ = try? await withStore { () async throws(WoteError) in
                if machine.restoreRemovesSpentPair { try await removeStoredSession(whileItHolds: spent.tokens) }
            }
        }
        if let ended {
            // Compare-and-swap: only while the store still holds that session.
            _ = try? await withStore { () async throws(WoteError) in
                if machine.restoreRemovesSpentPair { await removeStoredSession(ifItIs: ended) }
            }
        }
        guard let (stored, refreshFirst) = adoption else { return nil }
        guard refreshFirst else { return await bindOriginOfLegacySession(stored) }
        let outcome = await sharedRefresh()
        return machine.restoreWarning(after: outcome)?.toDomain()
    }

    // MARK: - Forced refresh

    /// Refreshes now, sharing any refresh already running; even a refresh token that looks expired
    /// on the device's clock is sent once, and the server decides.
    ///
    /// - Returns: the session with its new tokens.
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/sessionExpired`` or a passing failure.
    package func refresh() async throws(WoteError) -> SessionSnapshot {
        guard session != nil else { throw await errorForMissingSessionOnceStored() }
        switch await sharedRefresh() {
        case .renewed: return snapshot()
        case .failed(let error): throw error.toDomain()
        }
    }

    // MARK: - Single flight

    /// Waits for the running refresh, starting one if none runs. Cancelling the caller returns
    /// `.failed(.cancelled)` to it at once and leaves the refresh running for the others.
    func sharedRefresh(trigger: RefreshDiagnostic.Trigger = .requested) async -> RefreshOutcome {
        let (waiter, start) = machine.refreshWanted(trigger: trigger)
        run(start)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<RefreshOutcome, Never>) in
                if let early = earlyRefreshOutcomes.removeValue(forKey: waiter) {
                    return continuation.resume(returning: early)
                }
                refreshContinuations[waiter] = continuation
                if Task.isCancelled { run(machine.refreshWaiterCancelled(waiter)) }
            }
        } onCancel: {
            Task { await self.cancelWaiter(waiter) }
        }
    }

    private func cancelWaiter(_ waiter: SessionStateMachine.WaiterID) {
        run(machine.refreshWaiterCancelled(waiter))
    }

    func fly(_ started: SessionStateMachine.Flight) async {
        let start = clock.uptime()
        let outcome = await performRefresh(generation: started.generation)
        if diagnostics.isEnabled {
            diagnostics.handle(
                .refresh(
                    RefreshDiagnostic(
                        trigger: started.trigger, outcome: machine.diagnosticOutcome(of: outcome),
                        duration: clock.uptime() - start)))
        }
        if flightTask?.id == started.id { flightTask = nil }
        run(machine.refreshFinished(flight: started.id, outcome: outcome))
    }

    // MARK: - The refresh itself

    /// Refreshes under the store's lock for a persistent session: re-reads the store first (an
    /// empty store means signed out elsewhere and wins; a newer pair is adopted instead of spending
    /// a refresh token again), and writes the new pair before the lock is given back.
    private func performRefresh(generation flightGeneration: UInt64) async -> RefreshOutcome {
        guard machine.mayHandOutToken(issuedIn: flightGeneration, hasSession: session != nil) else {
            return .failed(.session(errorForMissingSession()))
        }
        if let tripped = stormGuardTripped() { return tripped }
        guard machine.refreshHoldsStore else {
            return await callRefresh(generation: flightGeneration, holdingStore: false)
        }
        // A follower asks the leader first, and goes on below (under the lock) only when no new
        // pair came within its wait.
        if let answered = await askLeaderForNewPair(generation: flightGeneration) { return answered }
        let startedWith = session?.tokens.accessToken
        do {
            return try await withStore { () async throws(WoteError) -> RefreshOutcome in
                guard machine.mayHandOutToken(issuedIn: flightGeneration, hasSession: session != nil) else {
                    return .failed(.session(errorForMissingSession()))
                }
                let reading = await reconcileWithStore()
                switch machine.refreshAfterReading(
                    reading, startedWith: startedWith, now: serverNow(),
                    leeway: configuration.refreshLeeway.timeInterval)
                {
                case .sessionGone:
                    return .failed(.session(errorForMissingSession()))
                case .answered(let tokens, let announcing):
                    if announcing { broadcaster.send(.tokensRefreshed) }
                    return .renewed(tokens)
                case .call:
                    break
                }
                // Inside the store queue whatever `isPersistent` now says (another origin's session
                // found in the store makes it `false`): the outcome is written here, never queued
                // behind this very change.
                return await callRefresh(generation: flightGeneration, holdingStore: true)
            }
        } catch {
            return keep(.session(error), announcing: machine.announcesPassingFailure(ofFlight: flightGeneration))
        }
    }

    /// Sends the refresh call with the session's refresh token and applies the answer; when
    /// `holdingStore`, the caller holds the store (``withStore(_:)``) and the outcome is written now.
    private func callRefresh(generation flightGeneration: UInt64, holdingStore: Bool) async -> RefreshOutcome {
        guard let current = session else { return .failed(.session(errorForMissingSession())) }
        do {
            try configuration.contract.refresh.check(refreshToken: current.tokens.refreshToken)
        } catch {
            // Nothing is sent and the session is kept: the contract is wrong, not the session.
            return keep(.session(error), announcing: machine.announcesPassingFailure(ofFlight: flightGeneration))
        }
        machine.refreshCalled(at: clock.uptime())
        // Recorded in the store before it goes out (SessionEngine+LostAnswer.swift).
        let sentBefore = await recordRefreshSent(holdingStore: holdingStore)
        let exchanged: RefreshExchange
        let lost: Bool
        do {
            // Read on the server's timeline of the session the call was made for; the same token
            // goes out again while its answer may have been lost.
            switch try await exchangeRefreshSendingAgainIfLost(
                current.tokens.refreshToken, serverClockOffset: current.serverClockOffset,
                flightGeneration: flightGeneration, holdingStore: holdingStore,
                startedWith: current.tokens.accessToken)
            {
            case .exchanged(let last, let anyLost): (exchanged, lost) = (last, anyLost)
            case .superseded(.renewed(let tokens)): return .renewed(tokens)
            case .superseded(.failed(let error)):
                return keep(error, announcing: machine.announcesPassingFailure(ofFlight: flightGeneration))
            }
        } catch {
            return keep(error, announcing: machine.announcesPassingFailure(ofFlight: flightGeneration))
        }
        let answer = SessionStateMachine.verdict(exchanged.answer, afterLostSend: sentBefore || lost)
        if SessionStateMachine.forgetsSend(after: answer, afterLostSend: sentBefore || lost) {
            // The server answered this send without rotating: no rotation may have happened.
            await forgetRefreshSent(holdingStore: holdingStore)
        }
        let (response, receivedAt) = (exchanged.response, exchanged.receivedAt)
        switch machine.settle(
            answer, flightGeneration: flightGeneration, hasSession: session != nil, holdingStore: holdingStore)
        {
        case .abandoned(let store):
            machine.abandonedRefreshAnswered(flightGeneration: flightGeneration, answer)
            if let store { await recordAbandonedAnswer(store, spent: current.tokens) }
            return .failed(.session(errorForMissingSession()))
        case .rotate(let pair, let writingStore):
            broadcast(
                machine.refreshRotated(
                    current, to: pair, receivedAt: receivedAt, dateHeader: response.header("date"), origin: origin))
            if writingStore {
                do {
                    try await writeMemoryToStore(replacingOtherOrigins: false)
                } catch {
                    // The new pair is in memory and works, but the store still holds the spent
                    // one: a relaunch would sign the person out. Later requests write it again.
                    storeBehindSince = clock.uptime()
                    broadcaster.send(.refreshFailed(error))
                }
            }
            return .renewed(pair)
        case .endSession(let reason, let write):
            // The waiting requests hear that the session ended only once the store is emptied: a
            // process that ends on that answer (the terminal front's `wote refresh`) must not leave
            // the dead session on disk for its next launch.
            let ending = endInMemory(reason: reason, cancellingRefresh: false)
            defer { announce(ending) }
            do {
                switch write {
                case .removeWhileHoldingSpentPair:
                    try await removeStoredSession(whileItHolds: current.tokens)
                case .throughStoreQueue:
                    try await withStore { () async throws(WoteError) in
                        try await writeMemoryToStore(replacingOtherOrigins: false)
                    }
                }
            } catch {
                broadcaster.send(.refreshFailed(error))
            }
            return .failed(.session(reason.errorWhenMissing))
        case .keep(let error, let announcing):
            return keep(error, announcing: announcing)
        }
    }

    /// The one refresh exchange, for the session's refresh and logout's alike: builds the contract's
    /// call for `refreshToken`, sends it through `client` (which follows no redirects) and reads the
    /// answer on the server's timeline. The caller has checked that the token fits the call
    /// (``RefreshCall/check(refreshToken:)``).
    ///
    /// - Throws: ``APIError`` when no answer came (the network, a time-out, a cancellation).
    nonisolated func exchangeRefresh(
        _ refreshToken: String, through client: HTTPClient, serverClockOffset: TimeInterval?
    ) async throws(APIError) -> RefreshExchange {
        let refresh = configuration.contract.refresh
        let (endpoint, bearer) = refresh.endpoint(refreshToken: refreshToken)
        let response = try await client.send(endpoint, bearer: bearer)
        let receivedAt = clock.now()
        let answer = refresh.readAnswer(response, receivedAt.addingTimeInterval(serverClockOffset ?? 0))
        return RefreshExchange(answer: answer, response: response, receivedAt: receivedAt)
    }

    /// Writes the answer of a refresh whose session ended while its call was out to the store,
    /// while the store still holds the pair that call spent (compare-and-swap under the store's
    /// lock, which the caller holds): the new pair, or nothing for a dead refresh token.
    ///
    /// Otherwise another process, taking the lock before the ended session's own store write, would
    /// find the spent refresh token there and send it again (found by the model, issue 27: Wote's
    /// server may refuse it with E016 and sign that process out). The end that abandoned the refresh
    /// writes the store after this, as it would have.
    private func recordAbandonedAnswer(_ answer: SessionStateMachine.AbandonedAnswer, spent: TokenPair) async {
        let stored = try? await storage.load()
        guard
            let change = SessionStateMachine.abandonedAnswerChange(
                answer, stored: stored, spent: spent, now: clock.now())
        else { return }
        do {
            switch change {
            case .save(let replacement):
                try await storage.save(replacement)
                lastSeenInStore = replacement
            case .remove:
                try await storage.remove()
                lastSeenInStore = nil
            }
        } catch {
            // The store is left as it was; the ended session's own write follows.
        }
    }

    /// Carries out a passing failure: tells subscribers when the machine says so.
    private func keep(_ error: APIError, announcing: Bool) -> RefreshOutcome {
        if announcing { broadcaster.send(.refreshFailed(error.toDomain())) }
        return .failed(error)
    }

    private func stormGuardTripped() -> RefreshOutcome? {
        let allowed = machine.mayCallRefresh(
            at: clock.uptime(), window: configuration.refreshWindow,
            maximum: configuration.maximumRefreshesPerWindow)
        guard !allowed else { return nil }
        broadcaster.send(.refreshFailed(.tooManyRefreshes))
        return .failed(.session(.tooManyRefreshes))
    }
}

/// What one refresh call got: the answer as the contract read it, the response, and when it arrived
/// (device clock).
struct RefreshExchange {
    let answer: RefreshAnswer
    let response: HTTPResponse
    let receivedAt: Date
}
