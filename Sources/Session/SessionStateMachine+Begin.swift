package import Foundation
import WoteData
package import WoteDomain

// The decisions on how a session begins, by a sign-in (an account switch) or a restore: write, then
// switch. The new session reaches the store first, through the store queue and in order with the
// ends; only then does it become the session in memory, announced by its event in the same step.
// A write the store refuses changes nothing: the previous session, its refresh and its waiters go on
// as they were (nothing is rolled back to a pair whose refresh was abandoned).
extension SessionStateMachine {
    /// What a sign-in does once its store write is over.
    package enum SignInStep: Sendable, Equatable {
        /// The store holds the new session: it becomes the session in memory. `actions` (a new
        /// generation's) fail the previous session's refresh and slot waiters; `events` are sent in
        /// order as the session changes.
        case switchTo(actions: [Action], events: [SessionEvent])
        /// The store refused the new session: nothing changes, and the sign-in throws.
        case keepPrevious
    }

    /// What a restore does with what it read from the store.
    package enum RestoreStep: Sendable, Equatable {
        /// The store cannot be read at all (a locked Keychain): neither signed out nor wiped.
        case unavailable(reason: String)
        /// The store holds no valid session: signed out, the store left as it is.
        case corrupted(reason: String)
        /// The store holds no session of this origin: signed out with no session.
        case noSession
        /// A sign-in or an end ran while the store was read, or an end's removal is still refused:
        /// nothing is adopted and the state stays as it is.
        case overtaken
        /// The store holds a pair whose refresh token this engine saw replaced (a rotation the store
        /// refused to take, then an end): it is spent, so it is not adopted, the state stays as it
        /// is, and it is removed from the store while the store still holds it.
        case spentPair(StoredSession)
        /// The store holds a session whose end is recorded beside it (``SignOutRecord``): an end
        /// whose removal was not made, in this process, another one or an earlier launch. It never
        /// comes back: it is not adopted, nobody is signed in, and it is removed from the store while
        /// the store still holds it.
        case endedSession(StoredSession)
        /// The stored session (as read) became the session in memory (a new generation; `actions`
        /// fail the waiters of any earlier one), to be announced at once; `refreshFirst` when its access
        /// token has expired on the server's timeline, so that one refresh follows.
        case adopt(StoredSession, actions: [Action], refreshFirst: Bool)
    }

    /// A restore read the store, in the store queue after every change queued before it: the state
    /// becomes what it read, and a stored session it adopts becomes the session in memory (with this
    /// engine's origin, kept between launches).
    ///
    /// - Parameters:
    ///   - read: what the store gave.
    ///   - askedIn: the generation when the restore was asked for.
    ///   - removalPending: whether the store refused an end's removal that is still to be done.
    ///   - origin: this engine's origin.
    ///   - now: the device's time now (the stored session's offset gives the server's).
    ///   - recordedEnd: the ``StoredSession/sessionID`` the sign-out record beside the store says
    ///     has ended, if any.
    package mutating func restoreRead(
        _ read: Result<StoredSession?, TokenStorageError>, askedIn: UInt64, removalPending: Bool, origin: String?,
        now: Date, recordedEnd: String? = nil
    ) -> RestoreStep {
        // A sign-in or sign-out that ran while the store was read is newer than what was read.
        guard isCurrent(askedIn) else { return .overtaken }
        let stored: StoredSession?
        switch read {
        case .success(let session): stored = session
        case .failure(.unavailable(let reason)):
            state = .storageUnavailable(reason: reason)
            return .unavailable(reason: reason)
        case .failure(let error):
            state = .signedOut(.storedSessionCorrupted(error.reason))
            return .corrupted(reason: error.reason)
        }
        guard !removalPending else { return .overtaken }
        guard let stored, Self.belongs(stored, to: origin) else {
            state = .signedOut(.noSession)
            return .noSession
        }
        if retiredRefreshTokens.contains(stored.tokens.refreshToken) { return .spentPair(stored) }
        if Self.endIsRecorded(of: stored, recordedEnd: recordedEnd) {
            if case .signedOut = state {} else { state = .signedOut(.noSession) }
            return .endedSession(stored)
        }
        let actions = sessionBegan(failingWaitersWith: .notSignedIn)
        var adopted = stored
        adopted.origin = origin
        replaceSession(with: adopted)
        isPersistent = true
        state = Self.signedInState(profileCompleted: stored.profileCompleted)
        let serverNow = now.addingTimeInterval(stored.serverClockOffset ?? 0)
        return .adopt(stored, actions: actions, refreshFirst: stored.tokens.isAccessTokenExpired(at: serverNow))
    }

    /// Whether the sign-out record beside the store says `stored` has ended (`recordedEnd`, the
    /// record's ``StoredSession/sessionID``): a session without an identifier is never named.
    package static func endIsRecorded(of stored: StoredSession, recordedEnd: String?) -> Bool {
        guard let id = stored.sessionID, let recordedEnd else { return false }
        return id == recordedEnd
    }

    /// The session in memory changed from a pair with refresh token `old` to one with `new`.
    ///
    /// - Parameter inSameSession: whether both belong to one session (one generation): then `old`
    ///   is spent (rotated, or replaced by a pair another process rotated to).
    package mutating func refreshTokenReplaced(_ old: String?, by new: String?, inSameSession: Bool) {
        guard inSameSession, let old, let new, old != new else { return }
        retiredRefreshTokens.append(old)
        if retiredRefreshTokens.count > 32 { retiredRefreshTokens.removeFirst() }
    }

    /// The error for a request that needs a session when there is none, saying why there is none.
    ///
    /// - Parameter state: the authentication state as it stands.
    package static func errorForMissingSession(in state: AuthenticationState) -> WoteError {
        switch state {
        case .signedOut(let reason): reason.errorWhenMissing
        case .storageUnavailable(let reason): .storageFailure(reason)
        case .signedIn, .profileRequired: .notSignedIn
        }
    }

    /// Whether an answer to a request sent in `requestGeneration` changes the session's profile
    /// state to `completed`: only while that request's session is current and its profile state is
    /// the other one (the profile gate: "profile required", or an accepted answer behind it).
    ///
    /// - Parameter profileCompleted: the current session's profile state; `nil` without a session.
    package func profileChanges(to completed: Bool, issuedIn requestGeneration: UInt64, profileCompleted: Bool?)
        -> Bool
    {
        guard isCurrent(requestGeneration), let profileCompleted else { return false }
        return profileCompleted != completed
    }
}
