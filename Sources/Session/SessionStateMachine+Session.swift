package import Foundation
import WoteData
package import WoteDomain

// The session in memory, its authentication state and whether it is kept between launches, and
// every transition that changes them: a sign-in, an end, another process's pair adopted from the
// store, a profile change, a refresh's new pair and the record of a refresh sent. (A restore's
// adoption is ``restoreRead(_:askedIn:removalPending:origin:now:)``.) Each one decides, changes the
// machine and returns what the engine carries out: the events to send, in order, and its actions.
extension SessionStateMachine {
    // MARK: - The state a session is in

    /// The state of a session whose profile is `completed` or not.
    package static func signedInState(profileCompleted completed: Bool) -> AuthenticationState {
        completed ? .signedIn : .profileRequired
    }

    /// The event that announces a session whose profile is `completed` or not.
    package static func signedInEvent(profileCompleted completed: Bool) -> SessionEvent {
        completed ? .signedIn : .profileRequired
    }

    // MARK: - A sign-in

    /// A session about to begin by a sign-in, before its store write: `new` with this engine's
    /// origin, its receipt time and the server-clock offset its access token tells, under a session
    /// id of its own (told apart from every other session begun on the store, issue 33), and how it
    /// reaches the store: saved, or, for a session kept in memory only, whatever the store holds
    /// removed (whichever origin it belongs to).
    ///
    /// - Parameters:
    ///   - sessionID: a new unique id (the engine's `UUID`).
    ///   - now: the device's time now.
    ///   - persist: whether the session is kept between launches.
    package static func beginning(
        _ new: StoredSession, sessionID: String, origin: String?, now: Date, persist: Bool
    ) -> (session: StoredSession, write: StoreWrite) {
        var beginning = stamped(
            new, origin: origin, receivedAt: now, dateHeader: nil, previousOffset: new.serverClockOffset)
        beginning.sessionID = sessionID
        beginning.rotation = 0
        return (beginning, storeWrite(hasPersistentSession: persist, replacingOtherOrigins: true))
    }

    /// A sign-in's store write is over (it ran in the store queue, after every change queued
    /// before it): when the store took it, `beginning` becomes the session in memory, in a new
    /// generation.
    ///
    /// - Parameters:
    ///   - beginning: the session from ``beginning(_:sessionID:origin:now:persist:)``.
    ///   - persist: whether it is kept between launches.
    ///   - written: whether the store took it (or, kept in memory only, removed what it held).
    package mutating func signInStored(_ beginning: StoredSession, persist: Bool, written: Bool) -> SignInStep {
        guard written else { return .keepPrevious }
        let hadSession = session != nil
        let actions = sessionBegan(failingWaitersWith: .notSignedIn)
        replaceSession(with: beginning)
        isPersistent = persist
        state = Self.signedInState(profileCompleted: beginning.profileCompleted)
        // The previous session ends for observers before the new one begins.
        var events: [SessionEvent] = hadSession ? [.signedOut(.loggedOut)] : []
        events.append(Self.signedInEvent(profileCompleted: beginning.profileCompleted))
        return .switchTo(actions: actions, events: events)
    }

    // MARK: - An end

    /// A session that ended in memory, for the engine to carry out.
    package struct End: Sendable, Equatable {
        /// The end's id, for ``endingStored(_:)`` once the store agrees.
        package let id: UInt64
        /// Why the session ended.
        package let reason: SignOutReason
        /// Whether the refresh call under way was cancelled.
        package let cancellingRefresh: Bool
        /// What to do now (``sessionEnded(failingWaitersWith:cancellingRefresh:)``'s).
        package let actions: [Action]
        /// The events to send, in order: none when neither the session nor the state changed.
        package let events: [SessionEvent]
        /// The session that ended; `nil` when memory held none (then no end is recorded).
        package let ended: StoredSession?

        /// Whether the end is recorded beside the store (the last sign-out record): only one that ended
        /// a session.
        package var isRecorded: Bool { ended != nil }
    }

    /// The session ends in memory for `reason`: a new generation, no session, signed out. Every
    /// change of state is told, even without a session: a logout after a dead-token verdict (whose
    /// removal it retries) turns "expired" into "logged out" (issue 33, item 6).
    ///
    /// - Parameter cancellingRefresh: whether to cancel the call of the refresh under way, so that
    ///   it gives the store back at once; `false` when that refresh is the caller.
    package mutating func endSession(_ reason: SignOutReason, cancellingRefresh: Bool) -> End {
        let ended = session
        let endedState = AuthenticationState.signedOut(reason)
        let changed = ended != nil || state != endedState
        let (id, actions) = sessionEnded(
            failingWaitersWith: reason.errorWhenMissing, cancellingRefresh: cancellingRefresh)
        replaceSession(with: nil)
        isPersistent = true
        state = endedState
        return End(
            id: id, reason: reason, cancellingRefresh: cancellingRefresh, actions: actions,
            events: changed ? [.signedOut(reason)] : [], ended: ended)
    }

    // MARK: - Another process's writes

    /// Whether re-reading the store can change memory: a persistent session is there.
    package var followsStore: Bool { isPersistent && session != nil }

    /// What a re-read of the store did to memory, for the engine to carry out.
    package struct StoreReread: Sendable, Equatable {
        /// What the store told.
        package let reading: StoreReading
        /// What this process has now seen in the store.
        package let lastSeen: StoredSession?
        /// The events to send, in order: an adopted pair's state when it is another.
        package let events: [SessionEvent]
        /// The session's end when the store says it ended elsewhere, to carry out and announce at once
        /// (the store already says so).
        package let end: End?
    }

    /// The store, re-read under its lock, holds `stored`: memory follows it. An empty store ends the
    /// session (signed out elsewhere), another session of this origin too (another process signed
    /// in, and nothing of this one goes out with its tokens; the store keeps it); another origin's
    /// session leaves this one in memory only (never written over or deleted); a newer pair of this
    /// session is adopted, announced only when the state changes.
    ///
    /// The read is weighed against the session memory holds once it is over, and only while that
    /// session is the one the read began for: an end (a logout, which ends the session in memory
    /// before it waits for the store queue) or a begin while the store was read makes it
    /// ``StoreReading/overtaken``, and nothing is adopted or ended again (issue 33, "a logout undone").
    ///
    /// - Parameters:
    ///   - readIn: the ``generation`` when the read began.
    ///   - lastSeen: what this process last read from or wrote to the store.
    package mutating func storeReread(
        _ stored: StoredSession?, readIn: UInt64, lastSeen: StoredSession?, origin: String?
    ) -> StoreReread {
        guard isCurrent(readIn) else {
            return StoreReread(reading: .overtaken, lastSeen: lastSeen, events: [], end: nil)
        }
        // A session kept in memory only ignores the store, as before the read.
        guard followsStore, let current = session else {
            return StoreReread(reading: .current, lastSeen: lastSeen, events: [], end: nil)
        }
        let reading = Self.reading(stored, current: current, lastSeen: lastSeen, origin: origin)
        switch reading {
        case .endedElsewhere:
            return StoreReread(
                reading: reading, lastSeen: nil, events: [],
                end: endSession(.endedElsewhere, cancellingRefresh: false))
        case .replacedBySignIn:
            return StoreReread(
                reading: reading, lastSeen: stored, events: [],
                end: endSession(.endedElsewhere, cancellingRefresh: false))
        case .replacedByOtherOrigin:
            isPersistent = false
            return StoreReread(reading: reading, lastSeen: nil, events: [], end: nil)
        case .current:
            return StoreReread(reading: reading, lastSeen: stored, events: [], end: nil)
        case .overtaken:
            return StoreReread(reading: reading, lastSeen: lastSeen, events: [], end: nil)
        case .adopted:
            var events: [SessionEvent] = []
            if var adopted = stored {
                adopted.origin = origin
                replaceSession(with: adopted)
                let adoptedState = Self.signedInState(profileCompleted: adopted.profileCompleted)
                if adoptedState != state {
                    state = adoptedState
                    events.append(Self.signedInEvent(profileCompleted: adopted.profileCompleted))
                }
            }
            return StoreReread(reading: reading, lastSeen: stored, events: events, end: nil)
        }
    }

    // MARK: - The profile state

    /// What a profile change the server gave does first, in memory.
    package struct ProfileChange: Sendable, Equatable {
        /// The events to send, in order.
        package let events: [SessionEvent]
        /// Whether the change goes on to the store (a persistent session):
        /// ``profileChangeReachesStore(completed:after:)`` once the store was re-read.
        package let writesStore: Bool
    }

    /// The server gave the profile state `completed`: memory takes it at once and announces it.
    ///
    /// - Returns: `nil` without a session (nothing changes).
    package mutating func profileChanged(completed: Bool) -> ProfileChange? {
        guard var current = session else { return nil }
        current.profileCompleted = completed
        replaceSession(with: current)
        state = Self.signedInState(profileCompleted: completed)
        return ProfileChange(events: [Self.signedInEvent(profileCompleted: completed)], writesStore: isPersistent)
    }

    /// A profile change is about to be written to the store, which was re-read with `reading`
    /// (under its lock, in the change's own generation): memory takes the change again, over a pair
    /// adopted meanwhile, and a state that adoption announced otherwise is announced again
    /// (randomized seed 287).
    ///
    /// - Returns: the events to send before the store is written; `nil` when nothing is written
    ///   (the session ended, or the store took another origin's).
    package mutating func profileChangeReachesStore(completed: Bool, after reading: StoreReading) -> [SessionEvent]? {
        switch reading {
        case .endedElsewhere, .replacedByOtherOrigin, .replacedBySignIn, .overtaken: return nil
        case .current, .adopted: break
        }
        guard var latest = session else { return nil }
        if latest.profileCompleted != completed {
            latest.profileCompleted = completed
            replaceSession(with: latest)
        }
        let changed = Self.signedInState(profileCompleted: completed)
        guard state != changed else { return [] }
        state = changed
        return [Self.signedInEvent(profileCompleted: completed)]
    }

    // MARK: - A refresh

    /// Whether a refresh about to send the session's refresh token reads the store first, for the
    /// record of an earlier send (``refreshSent(at:stored:window:holdingStore:)``): only when it holds
    /// the store of a persistent session.
    package func readsStoreBeforeRefresh(holdingStore: Bool) -> Bool {
        session != nil && holdingStore && isPersistent
    }

    /// A refresh is about to send the session's refresh token at `now`: the session records the send
    /// (``StoredSession/refreshSentAt``), so that the next launch or another process knows the server
    /// may have rotated the pair. A record already there for this token, in memory or in the store
    /// (a send whose answer never came, here or in another process), is kept with its date while it
    /// is within `window`.
    ///
    /// - Parameters:
    ///   - stored: what the store holds, when it was read (``readsStoreBeforeRefresh(holdingStore:)``).
    ///   - window: ``SessionConfiguration/LostAnswerRetry/window``, in seconds.
    ///   - holdingStore: whether the refresh holds the store.
    /// - Returns: whether an earlier send was recorded within the window (its answer may have been
    ///   lost), and whether the new record is to be written to the store (best effort).
    package mutating func refreshSent(at now: Date, stored: StoredSession?, window: TimeInterval, holdingStore: Bool)
        -> (sentBefore: Bool, writesStore: Bool)
    {
        guard var current = session else { return (false, false) }
        var sentAt = current.refreshSentAt
        if let stored, stored.tokens.refreshToken == current.tokens.refreshToken {
            sentAt = stored.refreshSentAt ?? sentAt
        }
        if let sentAt, abs(now.timeIntervalSince(sentAt)) <= window {
            current.refreshSentAt = sentAt
            replaceSession(with: current)
            return (true, false)
        }
        current.refreshSentAt = now
        replaceSession(with: current)
        return (false, holdingStore && isPersistent)
    }

    /// The server answered the send without rotating (a passing failure with an answer): the record
    /// of the send goes, no pair was lost.
    ///
    /// - Returns: whether the store is to be written (the refresh holds the store of a persistent
    ///   session, and there was a record).
    package mutating func refreshSendForgotten(holdingStore: Bool) -> Bool {
        guard var current = session, current.refreshSentAt != nil else { return false }
        current.refreshSentAt = nil
        replaceSession(with: current)
        return holdingStore && isPersistent
    }

    /// The refresh call sent for `sent` (the session as it was when the call went out) rotated its
    /// pair to `pair`, which arrived at `receivedAt` with the `Date` header `dateHeader`: the session
    /// takes it, keeping the profile state memory holds now, its send's record goes, and the
    /// server-clock offset is estimated again (the one memory holds kept when the answer tells none).
    /// Call it only when ``settle(_:flightGeneration:hasSession:holdingStore:)`` said
    /// ``Settlement/rotate(_:writingStore:)``.
    ///
    /// - Returns: the events to send.
    package mutating func refreshRotated(
        _ sent: StoredSession, to pair: TokenPair, receivedAt: Date, dateHeader: String?, origin: String?
    ) -> [SessionEvent] {
        let latest = session
        var rotated = sent
        rotated.tokens = pair
        rotated.refreshSentAt = nil
        // Counted from the pair the refresh was sent with: only a refresh of this version counts.
        rotated.rotation = sent.rotation.map { $0 &+ 1 }
        rotated.profileCompleted = latest?.profileCompleted ?? sent.profileCompleted
        replaceSession(
            with: Self.stamped(
                rotated, origin: origin, receivedAt: receivedAt, dateHeader: dateHeader,
                previousOffset: latest?.serverClockOffset))
        return [.tokensRefreshed]
    }

    // MARK: - The server's clock

    /// `session` with `origin`, its receipt time and the server-clock offset estimated from what the
    /// server said when the pair arrived (the access token's `iat`, else the `Date` header), else
    /// `previousOffset`.
    package static func stamped(
        _ session: StoredSession, origin: String?, receivedAt: Date, dateHeader: String?, previousOffset: TimeInterval?
    ) -> StoredSession {
        var stamped = session
        stamped.origin = origin
        stamped.receivedAt = receivedAt
        stamped.serverClockOffset =
            estimatedServerClockOffset(
                accessToken: session.tokens.accessToken, dateHeader: dateHeader, receivedAt: receivedAt)
            ?? previousOffset
        return stamped
    }

    /// Offsets under this many seconds are the time the answer took, not a wrong clock.
    static let clockOffsetNoise: TimeInterval = 2

    /// How far the server's clock is ahead of the device's, from the server's own statement of
    /// "now" in the answer: the access token's `iat`, else the `Date` header; `nil` when neither.
    static func estimatedServerClockOffset(accessToken: String, dateHeader: String?, receivedAt: Date)
        -> TimeInterval?
    {
        let serverTime = JWTClaims(token: accessToken)?.issuedAt ?? dateHeader.flatMap(parseHTTPDate)
        guard let serverTime else { return nil }
        let offset = serverTime.timeIntervalSince(receivedAt)
        return ServerClockOffsetBound.accepted(abs(offset) < clockOffsetNoise ? 0 : offset)
    }

    /// Reads an HTTP `Date` header (IMF-fixdate, RFC 9110 §5.6.7): the server's "now" when the
    /// access token carries no `iat`.
    ///
    /// - Returns: the date, or `nil` when the text is not an HTTP date.
    package static func parseHTTPDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
