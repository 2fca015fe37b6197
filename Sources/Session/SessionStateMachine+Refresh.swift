package import Foundation
package import WoteData
package import WoteDomain
package import WoteWire

// The decisions of a restore and of a refresh that the engine used to make itself: whether a
// restore reads again, what it does about the store first, and what a refresh makes of the store it
// re-read, of an answer without a rotation and of an answer whose session ended.
extension SessionStateMachine {
    // MARK: - A restore

    /// What a restore does with the store before it reads it.
    package enum RestoreTurn: Sendable, Equatable {
        /// An end's removal the store refused is owed: make it first, in the store queue and under
        /// the store's lock (``removesOwedSessionBeforeRestore(removalPending:)``).
        case removeOwedFirst
        /// Wait for every change of the store queued before it (a logout removing this very session).
        case waitForQueue
    }

    /// Decides what a restore does with the store before it reads it.
    package static func restoreTurn(removalPending: Bool) -> RestoreTurn {
        removalPending ? .removeOwedFirst : .waitForQueue
    }

    /// Whether a restore, at its turn in the store, makes the owed removal: only while one is still
    /// owed and no session began meanwhile.
    package func removesOwedSessionBeforeRestore(removalPending: Bool) -> Bool {
        session == nil && removalPending
    }

    /// Whether a restore that found a spent pair in the store removes it (compare-and-swap, at its
    /// turn in the store): only while nobody signed in meanwhile.
    package var restoreRemovesSpentPair: Bool { session == nil }

    /// The warning a restore returns after the refresh its expired access token needed ended with
    /// `outcome`: the passing failure, when the adopted session goes on without a fresh token.
    package func restoreWarning(after outcome: RefreshOutcome) -> APIError? {
        guard case .failed(let error) = outcome, session != nil else { return nil }
        return error
    }

    /// Whether a restore reads the store again: it found it unavailable (a locked Keychain) with no
    /// session, and a protected-data notice came while it read (`heardBefore` to `heardNow`).
    package func restoresAgain(noticesHeardBefore heardBefore: UInt64, noticesHeardNow heardNow: UInt64) -> Bool {
        guard case .storageUnavailable = state, session == nil else { return false }
        return heardBefore != heardNow
    }

    // MARK: - A refresh under the store's lock

    /// What a refresh makes of the store it re-read under its lock, before it spends a refresh token.
    package enum RefreshAfterReading: Sendable, Equatable {
        /// The session ended (elsewhere, by another sign-in there, or here meanwhile): the flight
        /// fails as a request without a session does.
        case sessionGone
        /// Memory holds a fresh pair already (adopted from the store by this read, or by a store
        /// notice's read while the flight waited for the store): it is the flight's answer, and no
        /// refresh token is spent. `announcing`: send ``SessionEvent/tokensRefreshed``.
        case answered(TokenPair, announcing: Bool)
        /// Send the refresh call.
        case call
    }

    /// Decides what a refresh does after re-reading the store (``storeReread(_:readIn:lastSeen:origin:)``).
    ///
    /// - Parameters:
    ///   - startedWith: the access token memory held when the flight asked for the store.
    ///   - now: now on the server's timeline.
    ///   - leeway: ``SessionConfiguration/refreshLeeway``, in seconds.
    package func refreshAfterReading(_ reading: StoreReading, startedWith: String?, now: Date, leeway: TimeInterval)
        -> RefreshAfterReading
    {
        switch reading {
        case .endedElsewhere, .replacedBySignIn, .overtaken:
            return .sessionGone
        case .adopted:
            if let adopted = session, !Self.needsRefresh(adopted.tokens, at: now, leeway: leeway) {
                return .answered(adopted.tokens, announcing: true)
            }
        case .current, .replacedByOtherOrigin:
            // A store notice's read (followStore) adopted a newer, fresh pair while this flight
            // waited for the store: that pair is its answer (Model/session.pml, NOTICES).
            if let current = session, current.tokens.accessToken != startedWith,
                !Self.needsRefresh(current.tokens, at: now, leeway: leeway)
            {
                return .answered(current.tokens, announcing: false)
            }
        }
        return .call
    }

    /// Whether the access token of `tokens` should be renewed before use at `now` (server time): it
    /// expires within `leeway` seconds, and the leeway is never more than half the token's lifetime.
    package static func needsRefresh(_ tokens: TokenPair, at now: Date, leeway: TimeInterval) -> Bool {
        guard let expiry = tokens.accessTokenExpiresAt else { return false }
        let lifetime = max(expiry.timeIntervalSince(tokens.accessTokenIssuedAt), 0)
        return expiry.timeIntervalSince(now) <= min(leeway, lifetime / 2)
    }

    /// Whether the record of a refresh's send (``refreshSent(at:stored:window:holdingStore:)``) goes
    /// after `answer`: only when the server answered this very send with a passing failure, so no
    /// rotation happened; after a send whose answer may have been lost, it stays.
    package static func forgetsSend(after answer: RefreshAnswer, afterLostSend lost: Bool) -> Bool {
        guard !lost, case .transient = answer else { return false }
        return true
    }

    /// A change of the store.
    package enum StoreChange: Sendable, Equatable {
        /// Save this session.
        case save(StoredSession)
        /// Remove the stored session.
        case remove
    }

    /// What the answer of a refresh whose session ended while its call was out writes to the store,
    /// which holds `stored` (read under its lock): only while it still holds the pair that call
    /// spent (compare-and-swap), the rotated pair in its place, received `now`, or nothing for a dead
    /// refresh token; `nil` leaves the store alone.
    package static func abandonedAnswerChange(
        _ answer: AbandonedAnswer, stored: StoredSession?, spent: TokenPair, now: Date
    ) -> StoreChange? {
        guard let stored, stored.tokens.refreshToken == spent.refreshToken else { return nil }
        switch answer {
        case .save(let pair):
            var replacement = stored
            replacement.tokens = pair
            replacement.refreshSentAt = nil
            replacement.receivedAt = now
            return .save(replacement)
        case .remove:
            return .remove
        }
    }
}

// Smaller decisions the engine used to make inline.
extension SessionStateMachine {
    /// Whether a restore asked for while a session is in memory only announces that session (as it
    /// stands) instead of reading the store.
    package var restoreKeepsSession: Bool { session != nil }

    /// Whether a refresh runs under the store's lock, re-reading the store first and writing its
    /// outcome before the lock is given back: only for a session kept between launches.
    package var refreshHoldsStore: Bool { isPersistent }

    /// What diagnostics report of a refresh outcome, with the state as it stands once the refresh
    /// is over (``diagnosticOutcome(of:signedOut:)``).
    package func diagnosticOutcome(of outcome: RefreshOutcome) -> RefreshDiagnostic.Outcome {
        var signedOut = false
        if case .signedOut = state { signedOut = true }
        return Self.diagnosticOutcome(of: outcome, signedOut: signedOut)
    }

    /// Whether Apple's verdict about the Apple user `userID` ends the session in memory: only while
    /// it still belongs to that user (never a newer session's).
    package func appleVerdictEnds(userID: String) -> Bool {
        session?.appleUserID == userID
    }
}
