import WoteData
import WoteDomain
import WoteLocked

extension SessionEngine {
    // MARK: - Other processes' changes, as they happen (issue 31)

    /// Starts hearing the store's notices (see ``StoreNotices``), once: every notice makes the engine
    /// read the store again, as a refresh or a restore would, so another process's logout, new
    /// pair or sign-in reaches this one's state, events and tokens within the notice's delivery
    /// time instead of at its next use of the store. Called at the first restore and sign-in; a
    /// store with no notices changes nothing.
    func hearStoreNotices() {
        guard storeObservation == nil, let notices = storage.notices else { return }
        storeObservation = notices.observe { [weak self] in
            guard let self else { return }
            // Counted here, on the notices' thread: from now on no token is handed out until the
            // store was read again (``waitUntilNoticesFollowed()``).
            self.noticeCounts.withLock { $0.arrived &+= 1 }
            // Detached: the writer may be this process's own task, holding its store queue (an
            // in-process store calls its observers as it writes), and the read must not inherit that.
            Task.detached { await self.storeNoticeArrived() }
        }
        hearRefreshWanted()
    }

    /// Whether a notice arrived that the engine has not followed yet.
    nonisolated var noticePending: Bool {
        noticeCounts.withLock { $0.arrived != $0.followed }
    }

    /// Follows the store after a notice; notices arriving while it does are folded into one more
    /// pass, so a burst of writes costs two reads, not one per write (the machine's
    /// ``SessionStateMachine/noticeArrived()``).
    func storeNoticeArrived() async {
        switch machine.noticeArrived() {
        case .foldedIntoPass: return
        case .follow: await followNotices()
        }
    }

    /// Makes the passes over the store the machine asks for, then resumes the token decisions that
    /// waited for them (``SessionStateMachine/noticePassEnded(pending:)``).
    private func followNotices() async {
        while true {
            let upTo = noticeCounts.withLock { $0.arrived }
            // The pass runs to its end whatever happens to the request whose task runs it (a
            // cancelled request would fail the store's turn or lock, and the pass with it).
            let followed = await finishing { engine in await engine.followStore() }
            // A pass whose read of the store was not made (its lock not had in time, no background
            // time) follows nothing: the notice stays pending, so no token of the session it may
            // have ended is handed out, and the next token decision makes the pass again.
            if followed { noticeCounts.withLock { $0.followed = upTo } }
            switch machine.noticePassEnded(pending: noticePending, readFailed: !followed) {
            case .followAgain: continue
            case .done(let actions): return run(actions)
            }
        }
    }

    /// Waits, before a token decision, until every notice that arrived was followed: a request or
    /// another stack's call never takes a token of a session another process ended once this one
    /// heard of it (Model/session.pml, P_NOTICE). Returns at once when none is pending.
    func waitUntilNoticesFollowed() async {
        let waiter: SessionStateMachine.WaiterID
        switch machine.waitForNotices(pending: noticePending) {
        case .goOn: return
        case .follow: return await followNotices()
        case .wait(let id): waiter = id
        }
        // A cancelled caller stops waiting at once (its own end goes on from there): the notice may
        // wait for the store queue, which a refresh holds for its whole exchange.
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { return continuation.resume() }
                noticeContinuations[waiter] = continuation
            }
        } onCancel: {
            Task { await self.stopWaitingForNotices(waiter) }
        }
    }

    /// Waits, before a token decision, until every notice that arrived was followed
    /// (``waitUntilNoticesFollowed()``); a pass that could not read the store is made once more, and
    /// when that fails too, no token is decided.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the store could not be read after a notice:
    ///   memory may hold a session another process ended.
    func followNoticesBeforeDeciding() async throws(APIError) {
        var attempts = 0
        while true {
            await waitUntilNoticesFollowed()
            attempts += 1
            switch machine.noticesFollowed(pending: noticePending, attempts: attempts) {
            case .decide: return
            case .followAgain: continue
            case .fail:
                // Told as a refresh whose store step failed is: the session in memory may lag.
                let failure = WoteError.storageFailure(
                    TokenStorageError.lockTimedOut("the store after a notice").reason)
                broadcaster.send(.refreshFailed(failure))
                throw .session(failure)
            }
        }
    }

    /// Resumes the notice waiter `waiter`, whose caller was cancelled (if it still waits).
    private func stopWaitingForNotices(_ waiter: SessionStateMachine.WaiterID) {
        run(machine.noticeWaiterCancelled(waiter))
    }

    /// Brings memory to what the store holds now, in the store queue's order (never between a
    /// sign-in's write and its switch, nor beside a logout's removal), once every end under way here
    /// has reached the store:
    /// - a session in memory that the store no longer holds ends as ``SignOutReason/endedElsewhere``;
    ///   a newer pair of it in the store is adopted (`tokensRefreshed`); another session there (a
    ///   sign-in in another process) ends it as ``SignOutReason/endedElsewhere``, then is restored;
    /// - with no session in memory, one another process stored is restored (a sign-in elsewhere is a
    ///   sign-in here: `restored(signedIn)` or `restored(profileRequired)`), unless this process's own
    ///   logout still has to remove it;
    /// - a session kept in memory only (not persistent) ignores the store, as always.
    ///
    /// - Returns: whether the store was read (or nothing needed reading); `false` when its lock was
    ///   not had.
    func followStore() async -> Bool {
        guard var (following, before) = await noticeFollowingOnceEndsAreStored() else { return false }
        if following == .rereadStore {
            let reading: StoreReading?
            do throws(WoteError) {
                reading = try await withStore { () async throws(WoteError) -> StoreReading? in
                    guard machine.noticeRereads(askedIn: before) else { return nil }
                    return await reconcileWithStore()
                }
            } catch {
                return false
            }
            let after = SessionStateMachine.noticeAfterReading(reading)
            if after.announcesRefresh { broadcaster.send(.tokensRefreshed) }
            // Another process began another session: this one ended, and that one is a sign-in here.
            guard after.looksForSignIn else { return true }
            guard let next = await noticeFollowingOnceEndsAreStored() else { return false }
            (following, before) = next
        }
        guard following == .lookForSignIn else { return true }
        await waitForStoreQueue()
        guard machine.noticeMayRestore(askedIn: before) else { return true }
        let found = try? await storage.load()
        guard SessionStateMachine.noticeRestores(found: found) else { return true }
        // Announced as any restore is: `restored(signedIn)` (or `profileRequired`).
        _ = await restoreFromStorage()
        return true
    }

    /// What a notice makes the engine do (``SessionStateMachine/noticeFollowing(removalPending:)``),
    /// decided once every end under way here is in the store (until then the store may still hold
    /// the very session an end removes), and the generation it was decided in; `nil` when the task
    /// running the pass was cancelled while it waited (the pass then follows nothing, and the notice
    /// stays pending).
    private func noticeFollowingOnceEndsAreStored() async -> (SessionStateMachine.NoticeFollowing, UInt64)? {
        while true {
            let following = machine.noticeFollowing(removalPending: removalPending)
            guard following == .afterEndsAreStored else { return (following, generation) }
            await waitUntilEndingsAreStored()
            // A cancelled wait returns at once: asking again would only spin.
            if Task.isCancelled { return nil }
        }
    }
}
