package import Foundation
import WoteData
package import WoteDomain

// The decisions the engine used to make itself on another process's changes (a store notice, a
// follower's "refresh wanted"), on which session an end removes and on an end asked for one session.
extension SessionStateMachine {
    // MARK: - An end

    /// The ``StoredSession/sessionID`` an end of `ending` (the session in memory as it ends, if any)
    /// removes from the store: see ``endedSessionID(ending:owed:)``; the owed removal's id counts only
    /// while `removalPending`.
    package static func endedSessionID(ending: StoredSession?, removalPending: Bool, owedSessionID: String?)
        -> String?
    {
        endedSessionID(ending: ending, owed: removalPending ? owedSessionID : nil)
    }

    /// Whether an end asked for one session, which another end ended meanwhile
    /// (``AskedEnd/settleTheOtherEnd``), makes the removal that end left owed once its store write is
    /// known: only while no session began since and the removal is still owed.
    package func settlesOwedRemoval(removalPending: Bool) -> Bool {
        session == nil && removalPending
    }

    // MARK: - A store notice

    /// What a store notice makes the engine do.
    package enum NoticeFollowing: Sendable, Equatable {
        /// Re-read the store under its lock: a persistent session is in memory.
        case rereadStore
        /// Look for a session another process stored, and restore it: signed out, with no removal
        /// owed (this process's own logout would still have to remove what is there).
        case lookForSignIn
        /// Nothing: a session kept in memory only ignores the store, as does a store that could not
        /// be read or a removal still owed.
        case nothing
        /// Wait until every end under way here is in the store, then decide again: until then the
        /// store may still hold a session this process ended (a logout between its end in memory and
        /// its store step), which a look for a sign-in would take up again (Model/session.pml: a
        /// notice pass begins only with `endsQueued` 0).
        case afterEndsAreStored
    }

    /// Decides what a store notice makes the engine do with the session as it stands.
    package func noticeFollowing(removalPending: Bool) -> NoticeFollowing {
        guard endings.isEmpty else { return .afterEndsAreStored }
        if session != nil { return isPersistent ? .rereadStore : .nothing }
        guard case .signedOut = state, !removalPending else { return .nothing }
        return .lookForSignIn
    }

    /// Whether a notice's re-read, at its turn in the store, still reads for the session it was
    /// asked for in `generation`: that session is current and persistent.
    package func noticeRereads(askedIn generation: UInt64) -> Bool {
        isCurrent(generation) && followsStore
    }

    /// What a notice's re-read of the store (`nil`: none was made, or it failed) does next: tell
    /// that a newer pair was adopted, and look for the session another process's sign-in stored.
    package static func noticeAfterReading(_ reading: StoreReading?) -> (announcesRefresh: Bool, looksForSignIn: Bool) {
        (reading == .adopted, reading == .replacedBySignIn)
    }

    /// Whether a notice's look for a sign-in elsewhere, once the store queue is through, may restore:
    /// nothing began or ended since `generation` and no session is in memory.
    package func noticeMayRestore(askedIn generation: UInt64) -> Bool {
        isCurrent(generation) && session == nil
    }

    /// Whether a notice's look for a sign-in elsewhere restores, given what it read from the store
    /// (`nil`: it held nothing, or could not be read): only when the store holds a session.
    package static func noticeRestores(found stored: StoredSession?) -> Bool {
        stored != nil
    }

    // MARK: - A burst of notices

    /// The pass over the store that follows the notices heard: one at a time, however many arrive.
    package struct NoticePass: Sendable, Equatable {
        /// Whether a pass is under way.
        package internal(set) var following = false
        /// Whether a notice arrived during the pass under way: one more pass follows it.
        package internal(set) var again = false
        /// The token decisions waiting until no notice is left unfollowed, in arrival order.
        package internal(set) var waiters: [WaiterID] = []
        /// Whether the last pass ended without reading the store (its lock not had): the notices it
        /// was to follow are still pending.
        package internal(set) var lastReadFailed = false

        /// No pass under way, and nobody waiting.
        package init() {}
    }

    /// What a notice that has just arrived does.
    package enum NoticeArrival: Sendable, Equatable {
        /// No pass is under way: follow the store now (a pass has begun); report its end with
        /// ``noticePassEnded(pending:)``.
        case follow
        /// A pass is under way: it makes one more when it ends, so a burst of writes costs two
        /// reads, not one per write.
        case foldedIntoPass
    }

    /// A store notice arrived: decides whether it starts a pass or folds into the one under way.
    package mutating func noticeArrived() -> NoticeArrival {
        guard !noticePass.following else {
            noticePass.again = true
            return .foldedIntoPass
        }
        beginNoticePass()
        return .follow
    }

    /// A pass over the store begins: the notices arrived so far are the ones it follows.
    private mutating func beginNoticePass() {
        noticePass.following = true
        noticePass.again = false
    }

    /// What follows the end of a pass over the store.
    package enum NoticePassEnd: Sendable, Equatable {
        /// A notice arrived meanwhile, or one is still unfollowed: one more pass (it has begun).
        case followAgain
        /// Every notice was followed: the pass is over, and the waiting token decisions go on.
        case done([Action])
    }

    /// A pass over the store ended.
    ///
    /// - Parameters:
    ///   - pending: whether a notice arrived that no pass has followed yet (the notices are counted
    ///     on their own thread, off the engine).
    ///   - readFailed: whether this pass could not read the store (its lock not had): the notice
    ///     stays pending and the pass ends, so the next token decision makes it again rather than
    ///     this one trying for ever.
    package mutating func noticePassEnded(pending: Bool, readFailed: Bool = false) -> NoticePassEnd {
        guard readFailed || (!noticePass.again && !pending) else {
            noticePass.again = false
            return .followAgain
        }
        noticePass.lastReadFailed = readFailed
        noticePass.following = false
        let waiters = noticePass.waiters
        noticePass.waiters = []
        return .done(waiters.map(Action.resumeNoticeWaiter))
    }

    /// What a token decision does about the notices before it decides.
    package enum NoticeWait: Sendable, Equatable {
        /// No notice is unfollowed: go on.
        case goOn
        /// A notice is unfollowed and no pass is under way: follow the store now (a pass has begun).
        case follow
        /// A pass is under way: wait under this id until ``Action/resumeNoticeWaiter(_:)``.
        case wait(WaiterID)
    }

    /// A token decision is about to be made: it never takes a token of a session another process
    /// ended once this one heard of it (Model/session.pml, P_NOTICE).
    ///
    /// - Parameter pending: whether a notice arrived that no pass has followed yet.
    package mutating func waitForNotices(pending: Bool) -> NoticeWait {
        guard pending else { return .goOn }
        guard noticePass.following else {
            beginNoticePass()
            return .follow
        }
        let id = newID()
        noticePass.waiters.append(id)
        return .wait(id)
    }

    /// What a token decision does once the notices' pass it waited for is over.
    package enum NoticesFollowed: Sendable, Equatable {
        /// Every notice was followed (or one arrived since, which the next wait follows): decide.
        case decide
        /// The pass could not read the store: make the pass once more, in this decision's task.
        case followAgain
        /// The pass could not read the store twice: no token may be decided from memory, which may
        /// hold a session another process ended.
        case fail
    }

    /// Decides what a token decision does once the notices' pass it waited for is over.
    ///
    /// - Parameters:
    ///   - pending: whether a notice is still unfollowed.
    ///   - attempts: how many passes this decision has waited for so far.
    package func noticesFollowed(pending: Bool, attempts: Int) -> NoticesFollowed {
        guard pending, noticePass.lastReadFailed else { return .decide }
        return attempts < 2 ? .followAgain : .fail
    }

    /// The token decision `waiter` was cancelled: it is resumed at once if it still waits.
    package mutating func noticeWaiterCancelled(_ waiter: WaiterID) -> Action? {
        guard let index = noticePass.waiters.firstIndex(of: waiter) else { return nil }
        noticePass.waiters.remove(at: index)
        return .resumeNoticeWaiter(waiter)
    }

    // MARK: - Leader and followers

    /// Whether an engine in `role` hears its followers' "refresh wanted": a leader does.
    package static func hearsRefreshWanted(role: SessionRole) -> Bool {
        role == .leader
    }

    /// What a refresh flight does before it refreshes under the store's lock.
    package enum LeaderQuestion: Sendable, Equatable {
        /// Refresh here: a leader, or no session to ask for.
        case refreshHere
        /// A follower asks the leader for a pair newer than `held`, the session's pair now.
        case askLeader(held: TokenPair)
    }

    /// Decides whether a refresh flight of an engine in `role` asks the leader first: a follower
    /// with a session does.
    package func leaderQuestion(role: SessionRole) -> LeaderQuestion {
        guard role == .follower, let session else { return .refreshHere }
        return .askLeader(held: session.tokens)
    }

    /// Whether a leader refreshes for a follower's "refresh wanted": a persistent session whose pair
    /// is due (`now` on the server's timeline, `leeway` in seconds), or a refresh already in flight to
    /// join. A pair that is not due was rotated already, and the follower hears its notice.
    package func leaderRefreshesForFollower(now: Date, leeway: TimeInterval) -> Bool {
        guard let current = session, isPersistent else { return false }
        return flight != nil || Self.needsRefresh(current.tokens, at: now, leeway: leeway)
    }

    /// Where a follower's wait for the leader's pair stands.
    package enum FollowerWait: Sendable, Equatable {
        /// The flight's session is no longer current: the flight fails as a request without one does.
        case sessionGone
        /// Another pair came, fresh: it is the flight's answer.
        case answered(TokenPair)
        /// Stop waiting and refresh under the store's lock, as a leader does: the pair that came is
        /// due too, no leader is active (any more), or the wait is over.
        case refreshUnderLock
        /// Look again at the next store notice, change of the leader's presence or the wait's end.
        case keepWaiting
    }

    /// Decides where a follower's wait for the leader's pair stands.
    ///
    /// - Parameters:
    ///   - held: the pair the flight started with.
    ///   - flightGeneration: the flight's generation.
    ///   - noticePending: whether a store notice is not followed yet (the pair in memory may be behind).
    ///   - now: now on the server's timeline; `leeway` in seconds.
    ///   - leaderActive: whether a leader is active on the store (``LeaderPresence``): a follower
    ///     waits only for a leader that is there (Apple audit 2026-11-28, F5).
    ///   - waitOver: whether the follower's wait (``SessionConfiguration/followerWait``) has passed.
    package func followerWait(
        held: TokenPair, flightGeneration: UInt64, noticePending: Bool, now: Date, leeway: TimeInterval,
        leaderActive: Bool = true, waitOver: Bool
    ) -> FollowerWait {
        guard mayHandOutToken(issuedIn: flightGeneration, hasSession: session != nil) else { return .sessionGone }
        if let current = session, current.tokens != held, !noticePending {
            return Self.needsRefresh(current.tokens, at: now, leeway: leeway)
                ? .refreshUnderLock : .answered(current.tokens)
        }
        return waitOver || !leaderActive ? .refreshUnderLock : .keepWaiting
    }
}
