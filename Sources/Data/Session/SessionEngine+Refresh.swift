import Foundation
package import WoteDomain
import WoteRepository

/// One refresh call and the requests waiting for its outcome.
struct RefreshFlight {
    let id: UInt64
    let generation: UInt64
    let trigger: RefreshDiagnostic.Trigger
    var waiters: [UInt64: CheckedContinuation<RefreshOutcome, Never>] = [:]
}

/// How a refresh ended, as each waiting request sees it.
enum RefreshOutcome: Sendable {
    case renewed(TokenPair)
    case failed(APIError)
}

extension SessionEngine {
    // MARK: - Restore

    /// Restores the session from the token store: no network call while the access token is valid,
    /// a refresh when only the refresh token is, signed out when both have expired.
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
        let stored: StoredSession?
        do {
            stored = try await storage.load()
        } catch .unavailable(let reason) {
            // Cannot read at all (a locked Keychain): neither signed out nor wiped.
            state = .storageUnavailable(reason: reason)
            return nil
        } catch {
            state = .signedOut(.storedSessionCorrupted(error.reason))
            return nil
        }
        guard let stored, session == nil else {
            if session == nil { state = .signedOut(.noSession) }
            return nil
        }
        let now = clock.now()
        if stored.tokens.isAccessTokenExpired(at: now) && isRefreshTokenDead(stored.tokens, at: now) {
            state = .signedOut(.sessionExpired)
            let restoring = generation
            try? await storage.remove()
            if generation != restoring { await restoreStoreAfterLateWrite() }
            return nil
        }
        generation &+= 1
        session = stored
        isPersistent = true
        state = stored.profileCompleted ? .signedIn : .profileRequired
        guard stored.tokens.isAccessTokenExpired(at: now) else { return nil }
        if case .failed(let error) = await sharedRefresh(), session != nil {
            return error.toDomain()
        }
        return nil
    }

    // MARK: - Forced refresh

    /// Refreshes now, sharing any refresh already running.
    ///
    /// - Returns: the session with its new tokens.
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/sessionExpired`` or a passing failure.
    package func refresh() async throws(WoteError) -> SessionSnapshot {
        guard let current = session else { throw errorForMissingSession() }
        if isRefreshTokenDead(current.tokens, at: clock.now()) {
            await endAfterServerVerdict(reason: .sessionExpired)
            throw .sessionExpired
        }
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
            Task { await self.fly(started) }
        }
        nextWaiterID &+= 1
        let waiterID = nextWaiterID
        return await withTaskCancellationHandler {
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
    }

    private func cancelWaiter(_ id: UInt64) {
        flight?.waiters.removeValue(forKey: id)?.resume(returning: .failed(.cancelled))
    }

    /// Fails every waiter of the running flight with `error` and forgets the flight; its call may
    /// still finish, but it belongs to an ended generation and stores nothing.
    func abandonFlight(failingWaitersWith error: WoteError) {
        guard let abandoned = flight else { return }
        flight = nil
        for waiter in abandoned.waiters.values {
            waiter.resume(returning: .failed(.session(error)))
        }
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

    private func performRefresh(generation flightGeneration: UInt64) async -> RefreshOutcome {
        guard flightGeneration == generation, var current = session else {
            return .failed(.session(errorForMissingSession()))
        }
        if let tripped = stormGuardTripped() { return tripped }

        var lock = TokenStorageLock.none
        if isPersistent {
            do {
                lock = try await storage.lockForRefresh()
            } catch {
                return failTransiently(.session(.storageFailure(error.reason)), generation: flightGeneration)
            }
        }
        defer { lock.release() }
        guard flightGeneration == generation, let latest = session else {
            return .failed(.session(errorForMissingSession()))
        }
        current = latest

        // Another process sharing the store may have rotated the pair already: adopt it rather than
        // spending a refresh token that a strict server has retired.
        if isPersistent, let stored = try? await storage.load(), flightGeneration == generation,
            stored.tokens.refreshToken != current.tokens.refreshToken
        {
            current.tokens = stored.tokens
            current.profileCompleted = stored.profileCompleted
            session = current
            state = current.profileCompleted ? .signedIn : .profileRequired
            if !needsRefresh(current.tokens, at: clock.now()) {
                broadcaster.send(.tokensRefreshed)
                return .renewed(current.tokens)
            }
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
        guard flightGeneration == generation, session != nil else {
            return .failed(.session(errorForMissingSession()))
        }
        switch configuration.contract.refresh.readAnswer(response, clock.now()) {
        case .renewed(let pair):
            current.tokens = pair
            if let latest = session { current.profileCompleted = latest.profileCompleted }
            session = current
            broadcaster.send(.tokensRefreshed)
            do {
                try await persist(current)
            } catch {
                // The new pair is in memory and works; the next write may succeed.
                broadcaster.send(.refreshFailed(error))
            }
            return .renewed(pair)
        case .invalid(let reason):
            await endAfterServerVerdict(reason: reason)
            return .failed(.session(reason.errorWhenMissing))
        case .transient(let error):
            return failTransiently(.session(error), generation: flightGeneration)
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
    func needsRefresh(_ tokens: TokenPair, at now: Date) -> Bool {
        guard let expiry = tokens.accessTokenExpiresAt else { return false }
        let lifetime = max(expiry.timeIntervalSince(tokens.accessTokenIssuedAt), 0)
        let leeway = min(configuration.refreshLeeway.timeInterval, lifetime / 2)
        return expiry.timeIntervalSince(now) <= leeway
    }

    /// Whether the refresh token is past its expiry by more than the clock-skew tolerance.
    func isRefreshTokenDead(_ tokens: TokenPair, at now: Date) -> Bool {
        guard let expiry = tokens.refreshTokenExpiresAt else { return false }
        return now.timeIntervalSince(expiry) >= configuration.clockSkewTolerance.timeInterval
    }
}
