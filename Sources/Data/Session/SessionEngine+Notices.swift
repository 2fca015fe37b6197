import WoteDomain

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
            Task { await self.storeNoticeArrived() }
        }
    }

    /// Follows the store after a notice; notices arriving while it does are folded into one more
    /// pass, so a burst of writes costs two reads, not one per write.
    func storeNoticeArrived() async {
        guard !followingStore else {
            storeNoticeAgain = true
            return
        }
        followingStore = true
        defer { followingStore = false }
        repeat {
            storeNoticeAgain = false
            await followStore()
        } while storeNoticeAgain
    }

    /// Brings memory to what the store holds now, in the store queue's order (never between a
    /// sign-in's write and its switch, nor beside a logout's removal):
    /// - a session in memory that the store no longer holds ends as ``SignOutReason/endedElsewhere``;
    ///   a newer pair in the store is adopted (`tokensRefreshed`);
    /// - with no session in memory, one another process stored is restored (a sign-in elsewhere is a
    ///   sign-in here: `restored(signedIn)` or `restored(profileRequired)`), unless this process's own
    ///   logout still has to remove it;
    /// - a session kept in memory only (not persistent) ignores the store, as always.
    private func followStore() async {
        let before = generation
        if session != nil {
            guard isPersistent else { return }
            let reading = try? await withStore { () async throws(WoteError) -> StoreReading? in
                guard machine.isCurrent(before), session != nil, isPersistent else { return nil }
                return await reconcileWithStore()
            }
            if case .adopted = reading { broadcaster.send(.tokensRefreshed) }
            return
        }
        guard case .signedOut = state, !removalPending else { return }
        await waitForStoreQueue()
        guard machine.isCurrent(before), session == nil, (try? await storage.load()) ?? nil != nil else { return }
        // Announced as any restore is: `restored(signedIn)` (or `profileRequired`).
        _ = await restoreFromStorage()
    }
}
