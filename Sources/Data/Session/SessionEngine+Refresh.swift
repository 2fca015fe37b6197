import Foundation
package import WoteDomain
import WoteRepository

/// One refresh call and the requests waiting for its outcome.
struct RefreshFlight {
    let id: UInt64
    let generation: UInt64
    let trigger: RefreshDiagnostic.Trigger
    var waiters: [UInt64: CheckedContinuation<RefreshOutcome, Never>] = [:]
    /// The task sending the call; cancelled when the session it belongs to ends.
    var task: Task<Void, Never>?
}

/// How a refresh ended, as each waiting request sees it.
enum RefreshOutcome: Sendable {
    case renewed(TokenPair)
    case failed(APIError)
}

extension SessionEngine {
    // MARK: - Restore

    /// Restores the session from the token store: no network call while the access token is valid
    /// (on the server's timeline), a refresh when it has expired, whatever the refresh token's
    /// expiry says locally (the server decides). Another origin's stored session is not this
    /// client's: signed out, untouched, no network.
    package func restore() async -> SessionSnapshot {
        if session == nil {
            let warning = await restoreFromStorage()
            broadcaster.send(.restored(state))
            var restored = snapshot()
            restored.warning = warning
            return restored
        }
        broadcaster.send(.restored(state))
        return snapshot()
    }

    private func restoreFromStorage() async -> WoteError? {
        let restoring = generation
        // After every change of the store queued before it (a logout removing this very session):
        // a restore never reads what an end is about to remove. A removal the store refused before
        // is tried again first; while it fails, nothing is adopted.
        if removalPending {
            _ = try? await withStore { () async throws(WoteError) in
                if session == nil, removalPending { try await writeMemoryToStore(replacingOtherOrigins: false) }
            }
        } else {
            await waitForStoreQueue()
        }
        let stored: StoredSession?
        do {
            stored = try await storage.load()
        } catch .unavailable(let reason) {
            // Cannot read at all (a locked Keychain): neither signed out nor wiped.
            if generation == restoring { state = .storageUnavailable(reason: reason) }
            return nil
        } catch {
            if generation == restoring { state = .signedOut(.storedSessionCorrupted(error.reason)) }
            return nil
        }
        // A sign-in or sign-out that ran while the store was read is newer than what was read.
        guard generation == restoring, !removalPending else { return nil }
        guard let stored, belongsHere(stored) else {
            state = .signedOut(.noSession)
            return nil
        }
        generation &+= 1
        var adopted = stored
        adopted.origin = origin
        session = adopted
        lastSeenInStore = stored
        isPersistent = true
        state = stored.profileCompleted ? .signedIn : .profileRequired
        guard stored.tokens.isAccessTokenExpired(at: serverNow()) else {
            return await bindOriginOfLegacySession(stored)
        }
        if case .failed(let error) = await sharedRefresh(), session != nil {
            return error.toDomain()
        }
        return nil
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
        if flight == nil {
            nextFlightID &+= 1
            let started = RefreshFlight(id: nextFlightID, generation: generation, trigger: trigger)
            flight = started
            // The flight is not the caller: it holds no store queue, whatever the caller holds.
            flight?.task = StoreQueueHolder.$engine.withValue(nil) { Task { await self.fly(started) } }
        }
        nextWaiterID &+= 1
        let waiterID = nextWaiterID
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<RefreshOutcome, Never>) in
                if Task.isCancelled || flight == nil {
                    continuation.resume(returning: .failed(.cancelled))
                } else {
                    flight?.waiters[waiterID] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(waiterID) }
        }
        if let refreshWakeGate { await refreshWakeGate() }
        return outcome
    }

    /// For tests that replay an interleaving (the model's trails, Docs/Model.md): every request a
    /// refresh wakes awaits `gate` before it goes on. Meanwhile other work may run on the engine (a
    /// logout, a session end), as it may in production while the woken request waits for the
    /// actor; the gate only makes that order certain.
    package func gateRefreshWakes(_ gate: (@Sendable () async -> Void)?) {
        refreshWakeGate = gate
    }

    /// How many requests wait for the refresh under way, for tests.
    package func requestsWaitingForRefresh() -> Int {
        flight?.waiters.count ?? 0
    }

    private func cancelWaiter(_ id: UInt64) {
        flight?.waiters.removeValue(forKey: id)?.resume(returning: .failed(.cancelled))
    }

    private func fly(_ started: RefreshFlight) async {
        let start = clock.uptime()
        let outcome = await performRefresh(generation: started.generation)
        if diagnostics.isEnabled {
            diagnostics.handle(
                .refresh(
                    RefreshDiagnostic(
                        trigger: started.trigger, outcome: diagnosticOutcome(of: outcome),
                        duration: clock.uptime() - start)))
        }
        guard let finished = flight, finished.id == started.id else { return }
        flight = nil
        for waiter in finished.waiters.values { waiter.resume(returning: outcome) }
    }

    // MARK: - The refresh itself

    /// Refreshes under the store's lock for a persistent session: re-reads the store first (an
    /// empty store means signed out elsewhere and wins; a newer pair is adopted instead of spending
    /// a refresh token again), and writes the new pair before the lock is given back.
    private func performRefresh(generation flightGeneration: UInt64) async -> RefreshOutcome {
        guard flightGeneration == generation, session != nil else {
            return .failed(.session(errorForMissingSession()))
        }
        if let tripped = stormGuardTripped() { return tripped }
        guard isPersistent else { return await callRefresh(generation: flightGeneration, holdingStore: false) }
        do {
            return try await withStore { () async throws(WoteError) -> RefreshOutcome in
                guard flightGeneration == generation, session != nil else {
                    return .failed(.session(errorForMissingSession()))
                }
                switch await reconcileWithStore() {
                case .endedElsewhere:
                    return .failed(.session(errorForMissingSession()))
                case .adopted:
                    if let adopted = session, !needsRefresh(adopted.tokens, at: serverNow()) {
                        broadcaster.send(.tokensRefreshed)
                        return .renewed(adopted.tokens)
                    }
                case .current, .replacedByOtherOrigin:
                    break
                }
                // Inside the store queue whatever `isPersistent` now says (another origin's session
                // found in the store makes it `false`): the outcome is written here, never queued
                // behind this very change.
                return await callRefresh(generation: flightGeneration, holdingStore: true)
            }
        } catch {
            return failTransiently(.session(error), generation: flightGeneration)
        }
    }

    /// Sends the refresh call with the session's refresh token and applies the answer; when
    /// `holdingStore`, the caller holds the store (``withStore(_:)``) and the outcome is written now.
    private func callRefresh(generation flightGeneration: UInt64, holdingStore: Bool) async -> RefreshOutcome {
        guard var current = session else { return .failed(.session(errorForMissingSession())) }
        do {
            try configuration.contract.refresh.check(refreshToken: current.tokens.refreshToken)
        } catch {
            // Nothing is sent and the session is kept: the contract is wrong, not the session.
            return failTransiently(.session(error), generation: flightGeneration)
        }
        recentRefreshes.append(clock.uptime())
        let (endpoint, bearer) = WoteEndpoints.refresh(
            configuration.contract.refresh, refreshToken: current.tokens.refreshToken)
        let response: HTTPResponse
        do {
            response = try await refreshClient.send(endpoint, bearer: bearer)
        } catch {
            return failTransiently(error, generation: flightGeneration)
        }
        guard flightGeneration == generation, let latest = session else {
            if holdingStore { await recordAbandonedAnswer(response, spent: current.tokens) }
            return .failed(.session(errorForMissingSession()))
        }
        let receivedAt = clock.now()
        switch configuration.contract.refresh.readAnswer(response, serverNow()) {
        case .renewed(let pair):
            current.tokens = pair
            current.profileCompleted = latest.profileCompleted
            session = stamped(
                current, receivedAt: receivedAt, dateHeader: response.header("date"),
                previousOffset: latest.serverClockOffset)
            broadcaster.send(.tokensRefreshed)
            if holdingStore {
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
        case .invalid(let reason):
            // The waiting requests hear that the session ended only once the store is emptied: a
            // process that ends on that answer (the terminal front's `wote refresh`) must not leave
            // the dead session on disk for its next launch.
            // The store is emptied only while it holds the refused refresh token (compare-and-swap):
            // a pair another client stored meanwhile is not this verdict's.
            let ending = endInMemory(reason: reason, cancellingRefresh: false)
            defer { announce(ending) }
            do {
                if holdingStore {
                    try await removeStoredSession(whileItHolds: current.tokens)
                } else {
                    // A session kept in memory only: this origin's stored entry goes, as for any end.
                    try await withStore { () async throws(WoteError) in
                        try await writeMemoryToStore(replacingOtherOrigins: false)
                    }
                }
            } catch {
                broadcaster.send(.refreshFailed(error))
            }
            return .failed(.session(reason.errorWhenMissing))
        case .transient(let error):
            return failTransiently(.session(error), generation: flightGeneration)
        }
    }

    /// Applies the answer of a refresh whose session ended while its call was out to the store,
    /// while the store still holds the pair that call spent (compare-and-swap under the store's
    /// lock, which the caller holds): the new pair, or nothing for a dead refresh token.
    ///
    /// Otherwise another process, taking the lock before the ended session's own store write, would
    /// find the spent refresh token there and send it again (found by the model, issue 27: Wote's
    /// server may refuse it with E016 and sign that process out). The end that abandoned the refresh
    /// writes the store after this, as it would have.
    private func recordAbandonedAnswer(_ response: HTTPResponse, spent: TokenPair) async {
        guard let stored = try? await storage.load(), stored.tokens.refreshToken == spent.refreshToken else { return }
        do {
            switch configuration.contract.refresh.readAnswer(response, clock.now()) {
            case .renewed(let pair):
                var replacement = stored
                replacement.tokens = pair
                replacement.receivedAt = clock.now()
                try await storage.save(replacement)
                lastSeenInStore = replacement
            case .invalid:
                try await storage.remove()
                lastSeenInStore = nil
            case .transient:
                return
            }
        } catch {
            // The store is left as it was; the ended session's own write follows.
        }
    }

    private func diagnosticOutcome(of outcome: RefreshOutcome) -> RefreshDiagnostic.Outcome {
        switch outcome {
        case .renewed: return .renewed
        case .failed(.session(.tooManyRefreshes)): return .stormGuard
        case .failed:
            if case .signedOut = state { return .sessionEnded }
            return .passingFailure
        }
    }

    private func failTransiently(_ error: APIError, generation flightGeneration: UInt64) -> RefreshOutcome {
        if flightGeneration == generation { broadcaster.send(.refreshFailed(error.toDomain())) }
        return .failed(error)
    }

    private func stormGuardTripped() -> RefreshOutcome? {
        let now = clock.uptime()
        recentRefreshes.removeAll { now - $0 >= configuration.refreshWindow }
        guard recentRefreshes.count >= configuration.maximumRefreshesPerWindow else { return nil }
        broadcaster.send(.refreshFailed(.tooManyRefreshes))
        return .failed(.session(.tooManyRefreshes))
    }

    // MARK: - Expiry rules

    /// Whether the access token should be renewed before use: it expires within the leeway, and the
    /// leeway is never more than half the token's lifetime.
    nonisolated func needsRefresh(_ tokens: TokenPair, at now: Date) -> Bool {
        guard let expiry = tokens.accessTokenExpiresAt else { return false }
        let lifetime = max(expiry.timeIntervalSince(tokens.accessTokenIssuedAt), 0)
        let leeway = min(configuration.refreshLeeway.timeInterval, lifetime / 2)
        return expiry.timeIntervalSince(now) <= leeway
    }
}
