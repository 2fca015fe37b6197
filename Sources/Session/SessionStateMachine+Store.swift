import Foundation
import WoteData
package import WoteDomain

/// What re-reading the store under its lock told about the session in memory.
package enum StoreReading: Sendable, Equatable {
    /// The store holds what this process last saw, or something older: memory is current.
    case current
    /// The store holds a newer pair (another process refreshed or signed in): memory takes it.
    case adopted
    /// The store is empty: another process signed out; the session ends here too.
    case endedElsewhere
    /// The store holds another origin's session: this one goes on in memory only.
    case replacedByOtherOrigin
    /// The store holds another session of this origin (``StoredSession/sessionID``: another
    /// process signed in, perhaps as another member): the session here has ended, and nothing of it
    /// is sent with the other session's tokens.
    case replacedBySignIn
    /// The session the read was made for ended (or another began) while the store was read: what
    /// was read belongs to nobody, and memory stays as it is (issue 33, "a logout undone").
    case overtaken
}

// The decisions on what another process's writes to the store mean for the session in memory.
extension SessionStateMachine {
    /// Reads what the store holds against the session in memory.
    ///
    /// - Parameters:
    ///   - stored: what the store holds now, under its lock.
    ///   - current: the persistent session in memory.
    ///   - lastSeen: what this process last read from or wrote to the store.
    ///   - origin: this engine's origin (`scheme://host:port`).
    package static func reading(
        _ stored: StoredSession?, current: StoredSession, lastSeen: StoredSession?, origin: String?
    ) -> StoreReading {
        guard let stored else { return .endedElsewhere }
        guard belongs(stored, to: origin) else { return .replacedByOtherOrigin }
        guard isSameSession(stored, as: current) else { return .replacedBySignIn }
        let samePair =
            stored.tokens.accessToken == current.tokens.accessToken
            && stored.tokens.refreshToken == current.tokens.refreshToken
        if stored == lastSeen || samePair || !isNewer(stored, than: current) { return .current }
        return .adopted
    }

    /// Whether `stored` belongs to `origin`; a session stored without an origin (by an older
    /// version) is adopted as this origin's.
    package static func belongs(_ stored: StoredSession, to origin: String?) -> Bool {
        stored.origin == nil || stored.origin == origin
    }

    /// Whether `stored` is the session `other` (a pair either process refreshed it to), not another
    /// sign-in: their ``StoredSession/sessionID``s agree. Only a sign-in gives an identifier, and every
    /// refresh keeps a missing one, so an identified session in the store over one without (a session
    /// an older version stored, restored here) is another sign-in. A session stored without one (an
    /// older version's sign-in, or its refresh of this session, which drops the identifier) is told
    /// apart by its tokens only, so it counts as the same.
    ///
    /// A session without an identifier in the store over an identified one is not the same either
    /// (issue 45, finding 9): an older version in the same App Group writes none, whether it
    /// refreshed this session or signed in another member, and taking another member's pair for a
    /// refresh of this session would send requests of this session as that member. Ending is the
    /// safe reading: that session is then restored as a sign-in, at the next notice or restore.
    package static func isSameSession(_ stored: StoredSession, as other: StoredSession) -> Bool {
        switch (stored.sessionID, other.sessionID) {
        case (let storedID?, let otherID?): storedID == otherID
        case (.some, nil), (nil, .some): false
        case (nil, nil): true
        }
    }

    /// Whether an end of the session `endedSessionID` leaves `stored` in the store: another origin's
    /// session, or another session of this origin (a sign-in elsewhere after it), is not its to remove.
    package static func endLeaves(_ stored: StoredSession, endedSessionID: String?, origin: String?) -> Bool {
        guard belongs(stored, to: origin) else { return true }
        guard let storedID = stored.sessionID, let endedSessionID else { return false }
        return storedID != endedSessionID
    }

    /// Whether `stored` was issued after `current`: a later access-token issue date, or the same
    /// one received later.
    ///
    /// Two pairs of one identified session that both count their rotations
    /// (``StoredSession/rotation``) are ordered by that count first (issue 45, finding 10): a device
    /// clock moved back cannot make the newer of two opaque pairs look older.
    package static func isNewer(_ stored: StoredSession, than current: StoredSession) -> Bool {
        if let storedRotation = stored.rotation, let currentRotation = current.rotation,
            storedRotation != currentRotation, stored.sessionID != nil, stored.sessionID == current.sessionID
        {
            return storedRotation > currentRotation
        }
        // The store keeps whole milliseconds: dates within one are the same date.
        let storedIssue = stored.tokens.accessTokenIssuedAt.timeIntervalSince1970
        let currentIssue = current.tokens.accessTokenIssuedAt.timeIntervalSince1970
        if abs(storedIssue - currentIssue) >= 0.001 { return storedIssue > currentIssue }
        let storedReceipt = stored.receivedAt?.timeIntervalSince1970 ?? -.infinity
        let currentReceipt = current.receivedAt?.timeIntervalSince1970 ?? -.infinity
        return storedReceipt - currentReceipt >= 0.001
    }
}

// The decisions of the engine's store writes: what an end's removal leaves, what a refused write
// owes, which spent pair goes, and when a store that refused a refreshed pair is written again.
extension SessionStateMachine {
    /// How the session memory holds now reaches the store: saved while it is persistent, else removed
    /// (another origin's session too only when `replacingOtherOrigins`: a sign-in, a wipe).
    package func memoryWrite(replacingOtherOrigins: Bool) -> StoreWrite {
        Self.storeWrite(hasPersistentSession: followsStore, replacingOtherOrigins: replacingOtherOrigins)
    }

    /// Whether an end's removal leaves the store as it is, given what it holds (`nil` when it is
    /// empty or cannot be read: then the removal is made): another origin's session, or another
    /// session of this origin, is not the ended session's to remove (``endLeaves(_:endedSessionID:origin:)``).
    package static func removalLeaves(
        _ stored: StoredSession?, endedSessionID: String?, origin: String?
    ) -> Bool {
        guard let stored else { return false }
        return endLeaves(stored, endedSessionID: endedSessionID, origin: origin)
    }

    /// Whether a store write that failed leaves a removal owed: with no session in memory the write
    /// was an end's removal, which the next logout, restore or change of the store makes again.
    package var refusedWriteOwesRemoval: Bool { session == nil }

    /// What a change of the store does first, once it holds the store's locks.
    package enum StoreChangeTurn: Sendable, Equatable {
        /// An end's removal the store refused is owed (by whichever engine of the process on this
        /// store): make it first, so that no change adopts or writes back that session.
        case removeOwedFirst
        /// Nothing is owed: the change goes on.
        case change
    }

    /// Decides what a change of the store does first, given whether a removal is owed.
    package static func storeChangeTurn(removalPending: Bool) -> StoreChangeTurn {
        removalPending ? .removeOwedFirst : .change
    }

    /// Whether a refresh token the server refused (`spent`) takes the stored session with it: only
    /// while the store, read under its lock, still holds this origin's session with that very
    /// refresh token (compare-and-swap); a newer pair another client stored meanwhile, another
    /// origin's session or an empty store stays as it is.
    package static func removesSpentPair(_ stored: StoredSession?, spent: TokenPair, origin: String?) -> Bool {
        guard let stored else { return false }
        return belongs(stored, to: origin) && stored.tokens.refreshToken == spent.refreshToken
    }

    /// What a request does about a store that refused a refreshed pair.
    package enum StoreCatchUp: Sendable, Equatable {
        /// Nothing: the store is up to date, or it refused less than the interval ago.
        case notDue
        /// No persistent session is left to write: the store is no longer behind.
        case settled
        /// Re-read the store under its lock and write the pair again (``catchUpWrites(after:)``).
        case writeAgain
    }

    /// Decides whether a store that refused the session's refreshed pair at `behindSince` (monotonic
    /// time; `nil` while it is up to date) is written again at `now`: at most once per `interval`, and
    /// only while a persistent session is in memory.
    package func storeCatchUp(behindSince: Duration?, now: Duration, interval: Duration) -> StoreCatchUp {
        guard let behindSince, now - behindSince >= interval else { return .notDue }
        return followsStore ? .writeAgain : .settled
    }

    /// Whether a catch-up writes memory to the store after re-reading it with `reading`: only when
    /// memory is current. A store that moved on in another process (memory followed it), or a session
    /// that ended here meanwhile, has nothing to write.
    package static func catchUpWrites(after reading: StoreReading) -> Bool {
        reading == .current
    }
}

// What a store read that failed means, decided here rather than in the engine's `catch`.
extension SessionStateMachine {
    /// ``storeReread(_:readIn:lastSeen:origin:)`` for a read that may have failed: a store that
    /// cannot be read now leaves memory as it is (``StoreReading/current``: the next write replaces
    /// what is there), unless the session the read was for is gone (``StoreReading/overtaken``).
    package mutating func storeReread(
        _ read: Result<StoredSession?, TokenStorageError>, readIn: UInt64, lastSeen: StoredSession?, origin: String?
    ) -> StoreReread {
        switch read {
        case .success(let stored):
            return storeReread(stored, readIn: readIn, lastSeen: lastSeen, origin: origin)
        case .failure:
            let reading: StoreReading = isCurrent(readIn) ? .current : .overtaken
            return StoreReread(reading: reading, lastSeen: lastSeen, events: [], end: nil)
        }
    }

    /// ``owedRemoval(of:endedSessionID:origin:)`` for a read that may have failed: a store that
    /// cannot be read is removed, as an end does.
    package static func owedRemoval(
        ofRead read: Result<StoredSession?, TokenStorageError>, endedSessionID: String?, origin: String?
    ) -> OwedRemoval {
        guard case .success(let stored) = read else { return .remove }
        return owedRemoval(of: stored, endedSessionID: endedSessionID, origin: origin)
    }

    /// What a refused refresh token does to the store, read under its lock.
    package enum SpentPairRemoval: Sendable, Equatable {
        /// Write memory (no session) to the store: it still holds the spent pair, or cannot be read
        /// (the end must reach the store).
        case remove
        /// Leave the store alone; what it holds (`stored`) is what this process has now seen there.
        case leave(seen: StoredSession?)
    }

    /// Decides what a refused refresh token `spent` does to the store that gave `read`
    /// (``removesSpentPair(_:spent:origin:)``; an unreadable store is removed as before).
    package static func spentPairRemoval(
        _ read: Result<StoredSession?, TokenStorageError>, spent: TokenPair, origin: String?
    ) -> SpentPairRemoval {
        guard case .success(let stored) = read else { return .remove }
        return removesSpentPair(stored, spent: spent, origin: origin) ? .remove : .leave(seen: stored)
    }

    // MARK: - A session stored without an origin

    /// Whether a session restored from `stored` has its origin bound and written back: it was stored
    /// without one (by an older version, or by hand).
    package static func bindsOrigin(of stored: StoredSession) -> Bool { stored.origin == nil }

    /// Whether the bound origin is written back after the store was re-read with `reading`: only
    /// when memory is current and still holds that persistent session under `origin` (another
    /// process's write, an end, another origin's session meanwhile: that wins).
    package func writesBoundOrigin(after reading: StoreReading, origin: String?) -> Bool {
        reading == .current && isPersistent && session?.origin == origin
    }

    /// Whether protected data becoming available restores again: the store was unavailable and no
    /// session began since.
    package var restoresWhenProtectedDataArrives: Bool {
        guard case .storageUnavailable = state else { return false }
        return session == nil
    }
}
