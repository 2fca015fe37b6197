import WoteData
import WoteDomain
import WoteWire

extension SessionEngine {
    // MARK: - Leader and followers (issue 31, item 2; Model/session.pml)

    /// A leader starts hearing its followers' "refresh wanted" (``TokenStorage/wantedNotices``),
    /// once, beside the store's own notices, and publishes that it is there while the app is active
    /// (``LeaderPresence``): a follower asks only while a leader is, and refreshes by itself when
    /// the app resigns active or the engine goes away (Apple audit 2026-11-28, F5).
    func hearRefreshWanted() {
        guard SessionStateMachine.hearsRefreshWanted(role: configuration.role) else { return }
        guard wantedObservation == nil, let wanted = storage.wantedNotices else { return }
        let hearing = wanted.observe { [weak self] in
            guard let self else { return }
            // Detached, as a store notice: the poster may be a task of this process.
            Task.detached { await self.refreshWantedElsewhere() }
        }
        let presence = storage.leaderPresence?.publishWhileActive(.system)
        wantedObservation = StoreObservation {
            hearing?.cancel()
            presence?.cancel()
        }
    }

    /// A follower asked for a new pair. The leader first follows the notices already heard (a pair
    /// stored meanwhile is adopted), then refreshes through the ordinary path (under the store's
    /// lock, where a newer pair in the store is adopted instead, the answer saved and announced)
    /// when the pair it holds is due, or joins the refresh already in flight. A pair it holds that
    /// is not due was rotated already: the follower hears that pair's notice, so nothing is sent.
    func refreshWantedElsewhere() async {
        await waitUntilNoticesFollowed()
        guard machine.leaderRefreshesForFollower(now: serverNow(), leeway: configuration.refreshLeeway.timeInterval)
        else { return }
        _ = await sharedRefresh(trigger: .requested)
    }

    /// A follower's turn in a refresh flight. With no leader active on the store
    /// (``LeaderPresence``), it refreshes by itself at once, under the lock. Otherwise it posts
    /// "refresh wanted" and waits, up to ``SessionConfiguration/followerWait`` on the engine's
    /// monotonic clock, for the store to hold another pair than the one the flight started with,
    /// waking at each store notice (after following it) and when the leader's presence changes, not
    /// by polling; it stops waiting when the leader resigns mid-way. Requests wait on the flight
    /// meanwhile.
    ///
    /// - Returns: the flight's outcome when the wait decided it (the leader's fresh pair, or the
    ///   session ended meanwhile); `nil` for a leader, a store with no such notices, no active
    ///   leader, or when the wait passed: the caller then refreshes under the lock as a leader does.
    func askLeaderForNewPair(generation flightGeneration: UInt64) async -> RefreshOutcome? {
        let held: TokenPair
        switch machine.leaderQuestion(role: configuration.role) {
        case .refreshHere: return nil
        case .askLeader(let tokens): held = tokens
        }
        guard let wanted = storage.wantedNotices else { return nil }
        let presence = storage.leaderPresence
        // A store that cannot tell counts as having a leader: the follower asks, as before.
        let leaderActive = { presence?.isLeaderActive() ?? true }
        guard leaderActive() else { return nil }
        // Set before posting: the wait counts from the question.
        let deadline = clock.uptime() + configuration.followerWait
        hearStoreNotices()
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let storeChanges = storage.notices?.observe { wake.yield() }
        let presenceChanges = presence?.observe { wake.yield() }
        let clock = clock
        // The deadline on the engine's clock, looked at every ``followerDeadlineCheck`` of real time
        // (an injected clock need not move with real time); notices wake the wait at once.
        let timer = Task.detached {
            while !Task.isCancelled, clock.uptime() < deadline {
                try? await Task.sleep(for: min(deadline - clock.uptime(), Self.followerDeadlineCheck))
            }
            wake.yield()
        }
        defer {
            timer.cancel()
            storeChanges?.cancel()
            presenceChanges?.cancel()
            wake.finish()
        }
        wanted.post()
        var wakeUps = wakes.makeAsyncIterator()
        while true {
            let wait = machine.followerWait(
                held: held, flightGeneration: flightGeneration, noticePending: noticePending, now: serverNow(),
                leeway: configuration.refreshLeeway.timeInterval, leaderActive: leaderActive(),
                waitOver: clock.uptime() >= deadline)
            switch wait {
            case .sessionGone: return .failed(.session(errorForMissingSession()))
            case .answered(let tokens): return .renewed(tokens)
            case .refreshUnderLock: return nil
            case .keepWaiting: break
            }
            guard await wakeUps.next() != nil, !Task.isCancelled else { return .failed(.cancelled) }
            // A store notice is followed (the store read again) before the wait looks at the pair.
            await waitUntilNoticesFollowed()
        }
    }

    /// How often, in real time, a waiting follower looks at its clock for the end of its wait.
    static let followerDeadlineCheck: Duration = .milliseconds(100)
}
