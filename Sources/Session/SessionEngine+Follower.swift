import WoteData
import WoteDomain
import WoteWire

extension SessionEngine {
    // MARK: - Leader and followers (issue 31, item 2; Model/session.pml)

    /// A leader starts hearing its followers' "refresh wanted" (``TokenStorage/wantedNotices``),
    /// once, beside the store's own notices.
    func hearRefreshWanted() {
        guard SessionStateMachine.hearsRefreshWanted(role: configuration.role) else { return }
        guard wantedObservation == nil, let wanted = storage.wantedNotices else { return }
        wantedObservation = wanted.observe { [weak self] in
            guard let self else { return }
            // Detached, as a store notice: the poster may be a task of this process.
            Task.detached { await self.refreshWantedElsewhere() }
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

    /// A follower's turn in a refresh flight: posts "refresh wanted" and waits, up to
    /// ``SessionConfiguration/followerWait`` on the engine's monotonic clock, for the store to hold
    /// another pair than the one the flight started with (learnt through the store's notice and
    /// read, as any change elsewhere). Requests wait on the flight meanwhile.
    ///
    /// - Returns: the flight's outcome when the wait decided it (the leader's fresh pair, or the
    ///   session ended meanwhile); `nil` for a leader, a store with no such notices, or when the
    ///   wait passed: the caller then refreshes under the lock as a leader does.
    func askLeaderForNewPair(generation flightGeneration: UInt64) async -> RefreshOutcome? {
        let held: TokenPair
        switch machine.leaderQuestion(role: configuration.role) {
        case .refreshHere: return nil
        case .askLeader(let tokens): held = tokens
        }
        guard let wanted = storage.wantedNotices else { return nil }
        // Set before posting: the wait counts from the question.
        let deadline = clock.uptime() + configuration.followerWait
        hearStoreNotices()
        wanted.post()
        while true {
            let wait = machine.followerWait(
                held: held, flightGeneration: flightGeneration, noticePending: noticePending, now: serverNow(),
                leeway: configuration.refreshLeeway.timeInterval, waitOver: clock.uptime() >= deadline)
            switch wait {
            case .sessionGone: return .failed(.session(errorForMissingSession()))
            case .answered(let tokens): return .renewed(tokens)
            case .refreshUnderLock: return nil
            case .keepWaiting: break
            }
            do {
                try await Task.sleep(for: Self.followerPollInterval)
            } catch {
                return .failed(.cancelled)
            }
        }
    }

    /// How often a waiting follower looks again at its session and the clock.
    static let followerPollInterval: Duration = .milliseconds(5)
}
