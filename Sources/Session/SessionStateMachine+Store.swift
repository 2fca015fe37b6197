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
    /// sign-in: their ``StoredSession/sessionID``s agree; a session stored without one (by an older
    /// version) is told apart by its tokens only, so it counts as the same.
    package static func isSameSession(_ stored: StoredSession, as other: StoredSession) -> Bool {
        guard let storedID = stored.sessionID, let otherID = other.sessionID else { return true }
        return storedID == otherID
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
    package static func isNewer(_ stored: StoredSession, than current: StoredSession) -> Bool {
        // The store keeps whole milliseconds: dates within one are the same date.
        let storedIssue = stored.tokens.accessTokenIssuedAt.timeIntervalSince1970
        let currentIssue = current.tokens.accessTokenIssuedAt.timeIntervalSince1970
        if abs(storedIssue - currentIssue) >= 0.001 { return storedIssue > currentIssue }
        let storedReceipt = stored.receivedAt?.timeIntervalSince1970 ?? -.infinity
        let currentReceipt = current.receivedAt?.timeIntervalSince1970 ?? -.infinity
        return storedReceipt - currentReceipt >= 0.001
    }
}
