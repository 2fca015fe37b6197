import WoteData
package import WoteDomain

// The decisions on how a session's change reaches the store, and what a logout does.
extension SessionStateMachine {
    /// How memory is written to the store.
    package enum StoreWrite: Sendable, Equatable {
        /// Save the persistent session memory holds.
        case save
        /// Remove whatever the store holds (a sign-in kept in memory only, a wipe).
        case remove
        /// Remove this origin's session; another origin's stays (an end).
        case removeUnlessAnotherOrigins
    }

    /// Decides how memory reaches the store.
    ///
    /// - Parameters:
    ///   - hasPersistentSession: whether memory holds a session that is kept between launches.
    ///   - replacingOtherOrigins: whether another origin's stored session goes too (a sign-in, a wipe).
    package static func storeWrite(hasPersistentSession: Bool, replacingOtherOrigins: Bool) -> StoreWrite {
        if hasPersistentSession { return .save }
        return replacingOtherOrigins ? .remove : .removeUnlessAnotherOrigins
    }

    /// What a logout does.
    package enum LogoutStep: Sendable, Equatable {
        /// Nobody is signed in and nothing is left to remove.
        case nothing
        /// No session in memory, but the store may still hold one (a removal it refused, a store
        /// that could not be read): remove it, as an end does.
        case removeAgain
        /// End `session` (the one in memory) at once, letting a refresh under way land; the store
        /// step reads the store for a newer pair first when the session was persistent.
        case end(StoredSession, readingTheStore: Bool)
    }

    /// The session whose tokens a logout tells the server with: the ended one, with the pair a
    /// refresh the logout let land brought (`landed`); or this origin's pair in the store when it is
    /// newer (another process refreshed this session). Another session in the store (a sign-in
    /// elsewhere since, ``isSameSession(_:as:)``) is never this one's. A pair the store holds that
    /// memory has already replaced (a refreshed pair the store refused) is spent, never used.
    ///
    /// - Parameters:
    ///   - stored: what the store holds, read under its lock; `nil` when not read or empty.
    ///   - storeEmpty: whether the store was read and held nothing.
    /// - Returns: `nil` when the store of a persistent session was empty: the session ended
    ///   elsewhere (another client or process logged out, withdrew or heard a verdict), that end
    ///   told the server, and its refresh token may have been rotated since (never spent again here).
    package static func logoutSession(
        ending: StoredSession, landed: TokenPair?, stored: StoredSession?, storeEmpty: Bool = false,
        origin: String?
    ) -> StoredSession? {
        guard !storeEmpty else { return nil }
        var latest = ending
        if let landed { latest.tokens = landed }
        guard let stored, belongs(stored, to: origin), isSameSession(stored, as: ending),
            stored.tokens.refreshToken != latest.tokens.refreshToken,
            stored.tokens.refreshToken != ending.tokens.refreshToken,
            isNewer(stored, than: latest)
        else { return latest }
        return stored
    }

    /// Whether a logout may spend the ended session's refresh token (to renew an expired access
    /// token for its call): not when the store holds another session of this origin. The process
    /// whose sign-in replaced it may have rotated it first without this one seeing the new pair, and
    /// a refresh token is never sent twice; the server then is not told, and the pair nobody holds
    /// any more expires there.
    ///
    /// - Parameters:
    ///   - stored: what the store holds, read under its lock; `nil` when not read or empty.
    ///   - ending: the session the logout ends.
    ///   - origin: this engine's origin.
    package static func logoutMayRefresh(stored: StoredSession?, ending: StoredSession, origin: String?) -> Bool {
        guard let stored, belongs(stored, to: origin) else { return true }
        return isSameSession(stored, as: ending)
    }

    /// What a store that owes a logout's removal does at the next change of it.
    package enum OwedRemoval: Sendable, Equatable {
        /// It holds this origin's session: remove it first.
        case remove
        /// It holds no session of this origin any more: the debt is settled.
        case nothingLeft
    }

    /// Decides what a store that owes a logout's removal does, given what it holds now (read under
    /// its lock; a store that cannot be read is removed, as an end does).
    ///
    /// - Parameter endedSessionID: the ``StoredSession/sessionID`` of the session whose removal is
    ///   owed; another session in the store (a sign-in since) settles the debt and stays.
    package static func owedRemoval(of stored: StoredSession?, endedSessionID: String? = nil, origin: String?)
        -> OwedRemoval
    {
        guard let stored, !endLeaves(stored, endedSessionID: endedSessionID, origin: origin) else {
            return .nothingLeft
        }
        return .remove
    }

    /// The ``StoredSession/sessionID`` of the session an end removes from the store: the ending
    /// session's (``withoutIdentifier`` when it has none); with no session in memory, that of the session whose removal is owed (`owed`);
    /// with neither, `nil`: whatever session of this origin the store holds goes (a logout after a
    /// store that could not be read, as ``SessionEngine/logOut(deviceToken:)`` says). An identifier
    /// an earlier end left decides nothing.
    ///
    /// - Parameters:
    ///   - ending: the session in memory as it ends, if any.
    ///   - owed: the owed removal's identifier, when a removal is owed; `nil` otherwise.
    package static func endedSessionID(ending: StoredSession?, owed: String?) -> String? {
        guard let ending else { return owed }
        return ending.sessionID ?? withoutIdentifier
    }

    /// What an end records as the identifier of a session that has none (an older version stored
    /// it): its removal takes a session without one and leaves an identified one, which only a
    /// sign-in since can have stored (``endLeaves(_:endedSessionID:origin:)``). Never a real
    /// identifier (those are UUIDs).
    package static let withoutIdentifier = ""

    /// Decides what a logout does with the session as it stands.
    ///
    /// - Parameter removalPending: whether the store refused an end's removal.
    package func logout(removalPending: Bool) -> LogoutStep {
        guard let session else {
            // Signed out, unless the store refused the last removal or could not be read: then
            // the removal is tried again.
            guard case .signedOut = state, !removalPending else { return .removeAgain }
            return .nothing
        }
        return .end(session, readingTheStore: isPersistent)
    }

    /// What an end asked for one session (a withdrawal, once the server answered) does.
    package enum AskedEnd: Sendable, Equatable {
        /// The session is still current: end it.
        case end
        /// Another end (a logout) ended it meanwhile and nothing began since: once that end's store
        /// write is known, make the removal it may have left owed, and report the store's refusal.
        case settleTheOtherEnd
        /// A newer session began meanwhile: leave it alone.
        case nothing
    }

    /// Decides what an end asked for the session of generation `asked` does, given the session in
    /// memory now (``generation`` is bumped once by each begin and each end).
    package static func askedEnd(hasSession: Bool, generation: UInt64, asked: UInt64) -> AskedEnd {
        if hasSession { return generation == asked ? .end : .nothing }
        return generation == asked &+ 1 ? .settleTheOtherEnd : .nothing
    }
}
