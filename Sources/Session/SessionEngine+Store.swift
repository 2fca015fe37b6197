package import Foundation
import WoteData
import WoteDomain
import WoteWire

extension SessionEngine {
    // MARK: - Serialised store changes

    /// How long a change waits for the store's lock before failing: the configured bound, else a
    /// little longer than the request time-out (a holder is at most one request long).
    var storeLockWait: Duration { configuration.storeLockTimeout ?? client.timeout + .seconds(5) }

    /// Runs `body` as the only change of the store: after every earlier change of this process, and
    /// holding the store's cross-process lock.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the lock cannot be taken, or what `body` throws.
    func withStore<T>(_ body: () async throws(WoteError) -> T) async throws(WoteError) -> T {
        try await inStoreQueue { () async throws(WoteError) -> T in try await holdingStoreLocks(body) }
    }

    /// Runs `body` holding this process's turn in the store (``StoreTurns``), then the store's
    /// cross-process lock; call it inside ``inStoreQueue(_:)`` (``withStore(_:)`` does both).
    func holdingStoreLocks<T>(_ body: () async throws(WoteError) -> T) async throws(WoteError) -> T {
        try await takeStoreLocks()
        defer { giveStoreLocks() }
        // A logout's removal the store refused goes first, whichever engine of the process made
        // it: no change of the store may adopt or write back that session.
        switch SessionStateMachine.storeChangeTurn(removalPending: removalPending) {
        case .removeOwedFirst: await removeOwedSession()
        case .change: break
        }
        return try await body()
    }

    /// Takes this process's turn in the store, then the store's cross-process lock, each waiting
    /// at most ``storeLockWait``; holds neither when it throws.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when either is not had in time.
    private func takeStoreLocks() async throws(WoteError) {
        // Engines of this process on the same store take turns too: a store without a
        // cross-process lock (the default Keychain store) would guard nothing between them.
        if let storeTurnKey {
            guard await StoreTurns.shared.take(storeTurnKey, waitingAtMost: storeLockWait) else {
                throw .storageFailure(TokenStorageError.lockTimedOut("another client's store change").reason)
            }
        }
        do throws(TokenStorageError) {
            heldStoreLock = try await storage.lock(waitingAtMost: storeLockWait)
        } catch {
            if let storeTurnKey { StoreTurns.shared.give(storeTurnKey) }
            throw .storageFailure(error.reason)
        }
    }

    /// Gives back the store's lock and this process's turn, when held.
    private func giveStoreLocks() {
        guard let lock = heldStoreLock else { return }
        heldStoreLock = nil
        lock.release()
        if let storeTurnKey { StoreTurns.shared.give(storeTurnKey) }
    }

    /// Waits `pause` on the engine's clock without the store's lock and turn, then takes them
    /// again (call it inside ``withStore(_:)``): a change that holds the store across a pause (the
    /// lost-answer retry's) never keeps another process or client waiting past the bound they wait,
    /// ``storeLockWait``. This engine's store queue stays held, so no change of this process comes
    /// between; the caller re-reads the store before it acts again.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the lock was not had again in time; the
    ///   caller then holds nothing and must not write the store.
    func pauseWithoutStoreLocks(_ pause: Duration) async throws(WoteError) {
        giveStoreLocks()
        await clock.sleep(pause)
        try await takeStoreLocks()
    }

    /// Runs `body` after every earlier change of the store in this engine, and before any later
    /// one, without the store's locks. The queue is not re-entrant: its holder waiting for it again
    /// would wait for itself for ever, which a debug build stops at.
    func inStoreQueue<T>(_ body: () async throws(WoteError) -> T) async throws(WoteError) -> T {
        let me = ObjectIdentifier(self)
        assert(StoreQueueHolder.engine != me, "the store queue's holder entered it again: it would wait for ever")
        await enterStoreQueue()
        defer { leaveStoreQueue() }
        let result = await StoreQueueHolder.$engine.withValue(me) { () async -> Result<T, WoteError> in
            do throws(WoteError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Waits until every change of the store queued before it is done.
    func waitForStoreQueue() async {
        _ = try? await inStoreQueue { () async throws(WoteError) in }
    }

    private func enterStoreQueue() async {
        guard let waiter = machine.enterStoreQueue() else { return }
        await withCheckedContinuation { storeContinuations[waiter] = $0 }
    }

    private func leaveStoreQueue() {
        run(machine.leaveStoreQueue())
    }

    /// Makes the store hold what memory holds: the persistent session, or nothing. Call it inside
    /// ``withStore(_:)``. Another origin's stored session is removed only when
    /// `replacingOtherOrigins` (a sign-in, a wipe); an ending session leaves it alone.
    func writeMemoryToStore(replacingOtherOrigins: Bool) async throws(WoteError) {
        do {
            switch machine.memoryWrite(replacingOtherOrigins: replacingOtherOrigins) {
            case .save:
                guard let session else { return }
                try await storage.save(session)
                lastSeenInStore = session
            case .removeUnlessAnotherOrigins:
                let stored = try? await storage.load()
                if SessionStateMachine.removalLeaves(stored, endedSessionID: endedSessionID, origin: origin) {
                    removalPending = false
                    return
                }
                fallthrough
            case .remove:
                try await storage.remove()
                lastSeenInStore = nil
            }
            storeBehindSince = nil
            removalPending = false
        } catch {
            // An end the store refused: the next logout or restore removes the session again.
            if machine.refusedWriteOwesRemoval { removalPending = true }
            throw .storageFailure(error.reason)
        }
    }

    /// Makes the removal a logout could not make (call it inside ``withStore(_:)``); failing again
    /// leaves it owed.
    func removeOwedSession() async {
        let read = await loadStore()
        switch SessionStateMachine.owedRemoval(ofRead: read, endedSessionID: owedSessionID, origin: origin) {
        case .nothingLeft:
            removalPending = false
        case .remove:
            do {
                try await storage.remove()
                lastSeenInStore = nil
                removalPending = false
            } catch {
                // Still owed: the next change of the store tries again.
            }
        }
    }

    /// Removes `ended`, a session whose end is recorded beside the store, only while the store
    /// still holds it (call it inside ``withStore(_:)``); failing leaves it for the next restore.
    func removeStoredSession(ifItIs ended: StoredSession) async {
        guard case .success(let stored?) = await loadStore(),
            SessionStateMachine.owedRemoval(of: stored, endedSessionID: ended.sessionID, origin: origin) == .remove
        else { return }
        do {
            try await storage.remove()
            lastSeenInStore = nil
        } catch {
            // Still there: the next restore, notice or launch removes it.
        }
    }

    /// Empties the store after a refresh token was refused, only while the store still holds
    /// `spent` (compare-and-swap; call it inside ``withStore(_:)``): a newer pair another client
    /// stored meanwhile, or another origin's session, stays.
    func removeStoredSession(whileItHolds spent: TokenPair) async throws(WoteError) {
        let read = await loadStore()
        switch SessionStateMachine.spentPairRemoval(read, spent: spent, origin: origin) {
        case .remove: try await writeMemoryToStore(replacingOtherOrigins: false)
        case .leave(let seen): lastSeenInStore = seen
        }
    }

    /// How long a store that refused a refreshed pair is left alone before a request writes it
    /// again: a store that keeps failing (a locked Keychain, a full disk) is not hammered by every
    /// request.
    package static let storeCatchUpInterval = Duration.seconds(5)

    /// Writes a refreshed pair that the store refused, at most once per
    /// ``storeCatchUpInterval``: re-reads the store under its lock first, so a logout or a newer
    /// pair from another process wins as in a refresh. Failing again leaves the flag for later.
    func catchUpStore() async {
        let now = clock.uptime()
        switch machine.storeCatchUp(behindSince: storeBehindSince, now: now, interval: Self.storeCatchUpInterval) {
        case .notDue: return
        case .settled: storeBehindSince = nil
        case .writeAgain:
            storeBehindSince = now
            _ = try? await withStore { () async throws(WoteError) in
                let reading = await reconcileWithStore()
                guard SessionStateMachine.catchUpWrites(after: reading) else {
                    storeBehindSince = nil
                    return
                }
                try await writeMemoryToStore(replacingOtherOrigins: false)
            }
        }
    }

    /// Re-reads the store (call it inside ``withStore(_:)``) and brings memory up to date: an empty
    /// store ends the session (signed out elsewhere), a newer pair is adopted, an older one is not.
    func reconcileWithStore() async -> StoreReading {
        guard machine.followsStore else { return .current }
        let readIn = generation
        let read = await loadStore()
        let reread = machine.storeReread(read, readIn: readIn, lastSeen: lastSeenInStore, origin: origin)
        lastSeenInStore = reread.lastSeen
        // The store already says the session ended: the waiting requests may hear it at once.
        if let end = reread.end { announce(carryOut(end)) }
        broadcast(reread.events)
        return reread.reading
    }

    /// Reads the store, keeping a failure as a value for the machine to weigh.
    func loadStore() async -> Result<StoredSession?, TokenStorageError> {
        do throws(TokenStorageError) {
            return .success(try await storage.load())
        } catch {
            return .failure(error)
        }
    }

    /// Whether `stored` was issued after `current` (see ``SessionStateMachine/isNewer(_:than:)``).
    func isNewer(_ stored: StoredSession, than current: StoredSession) -> Bool {
        SessionStateMachine.isNewer(stored, than: current)
    }

    /// Sets the profile state the server just gave, in memory and, compare-and-swap, in the store.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the store could not be written; memory keeps
    ///   the server's answer and a `refreshFailed` event tells subscribers that the store lags.
    func changeProfileState(completed: Bool) async throws(WoteError) {
        let changing = generation
        guard let change = machine.profileChanged(completed: completed) else { return }
        broadcast(change.events)
        guard change.writesStore else { return }
        do {
            try await withStore { () async throws(WoteError) in
                guard machine.isCurrent(changing) else { return }
                let reading = await reconcileWithStore()
                guard let events = machine.profileChangeReachesStore(completed: completed, after: reading) else {
                    return
                }
                broadcast(events)
                try await writeMemoryToStore(replacingOtherOrigins: false)
            }
        } catch {
            broadcaster.send(.refreshFailed(error))
            throw error
        }
    }

    // MARK: - The server's clock

    /// Now on the server's timeline: the device clock corrected by the session's estimated offset.
    func serverNow() -> Date {
        clock.now().addingTimeInterval(session?.serverClockOffset ?? 0)
    }

    /// Reads an HTTP `Date` header (IMF-fixdate, RFC 9110 §5.6.7): the server's "now" when the
    /// access token carries no `iat`.
    ///
    /// - Returns: the date, or `nil` when the text is not an HTTP date.
    package static func parseHTTPDate(_ text: String) -> Date? {
        SessionStateMachine.parseHTTPDate(text)
    }
}
