package import WoteData
package import WoteDomain
package import WoteWire

// The decisions on what a refresh answer, a rejected token and the storm guard mean for the session.
extension SessionStateMachine {
    /// What a refresh answer does to the session.
    package enum Settlement: Sendable, Equatable {
        /// The flight's session ended while its call was out: the answer is nobody's in memory. With
        /// the store held, `store` says what reaches it while it still holds the spent pair
        /// (compare-and-swap); `nil` leaves the store alone.
        case abandoned(store: AbandonedAnswer?)
        /// The server rotated: memory takes `pair`, and the store too when `writingStore`.
        case rotate(TokenPair, writingStore: Bool)
        /// The refresh token is dead: the session ends for `reason`, and the store is written as
        /// `write` says, before the waiting requests hear of it.
        case endSession(SignOutReason, write: EndingWrite)
        /// A passing failure: the session is kept. `announcing`: tell subscribers (the failure
        /// belongs to the current session).
        case keep(APIError, announcing: Bool)
    }

    /// What an abandoned refresh's answer writes to a store that still holds the pair it spent.
    package enum AbandonedAnswer: Sendable, Equatable {
        /// The pair the server rotated to.
        case save(TokenPair)
        /// Nothing: the refresh token was dead.
        case remove
    }

    /// How a dead refresh token's end reaches the store.
    package enum EndingWrite: Sendable, Equatable {
        /// The refresh holds the store: remove the session only while the store still holds the
        /// refused refresh token (compare-and-swap).
        case removeWhileHoldingSpentPair
        /// The refresh does not hold the store (a session kept in memory only): this origin's entry
        /// goes through the store queue, as for any end.
        case throughStoreQueue
    }

    /// Settles the answer to flight `flightGeneration`'s refresh call.
    ///
    /// - Parameters:
    ///   - answer: the answer as the contract read it.
    ///   - hasSession: whether memory holds a session now.
    ///   - holdingStore: whether the refresh holds the store (a persistent session).
    package func settle(
        _ answer: RefreshAnswer, flightGeneration: UInt64, hasSession: Bool, holdingStore: Bool
    ) -> Settlement {
        guard isCurrent(flightGeneration), hasSession else {
            guard holdingStore else { return .abandoned(store: nil) }
            switch answer {
            case .renewed(let pair): return .abandoned(store: .save(pair))
            case .invalid: return .abandoned(store: .remove)
            case .transient: return .abandoned(store: nil)
            }
        }
        switch answer {
        case .renewed(let pair): return .rotate(pair, writingStore: holdingStore)
        case .invalid(let reason):
            return .endSession(reason, write: holdingStore ? .removeWhileHoldingSpentPair : .throughStoreQueue)
        case .transient(let error): return .keep(.session(error), announcing: true)
        }
    }

    /// Whether a refresh of `flightGeneration` that got no answer (the network, a time-out, a
    /// refusal to send) is told to subscribers: a passing failure, announced only while its session
    /// is current. The session is kept either way.
    package func announcesPassingFailure(ofFlight flightGeneration: UInt64) -> Bool {
        isCurrent(flightGeneration)
    }

    // MARK: - Rejected tokens

    /// What to answer a request (or another stack) whose `token` the server rejected.
    package enum Rejection: Sendable, Equatable {
        /// The session it was sent for has ended (or a newer one began).
        case sessionGone
        /// The token belongs to no session of this generation (an ended session's): never answered
        /// with the current session's token.
        case notThisSession
        /// A refresh of this session already replaced it: retry with the current token.
        case retry(with: String)
        /// It is the current token: wait for the one shared refresh.
        case refresh
    }

    /// Decides what a rejection of `token`, sent under `requestGeneration`, gets.
    ///
    /// - Parameter currentAccessToken: the access token in memory, `nil` without a session.
    package func rejection(of token: String, requestGeneration: UInt64, currentAccessToken: String?) -> Rejection {
        guard isCurrent(requestGeneration), let currentAccessToken else { return .sessionGone }
        guard currentAccessToken != token else { return .refresh }
        guard replacedAccessTokens.generation == generation, replacedAccessTokens.tokens.contains(token) else {
            return .notThisSession
        }
        return .retry(with: currentAccessToken)
    }

    /// The session in memory changed from one access token to another: a refresh (or another
    /// process's pair) of this generation's session replaced it; a new generation starts a new record.
    package mutating func sessionChanged(from old: String?, to new: String?) {
        guard replacedAccessTokens.generation == generation else {
            replacedAccessTokens = (generation, [])
            return
        }
        guard let old, let new, new != old else { return }
        replacedAccessTokens.tokens.append(old)
        if replacedAccessTokens.tokens.count > 32 { replacedAccessTokens.tokens.removeFirst() }
    }

    // MARK: - Storm guard

    /// Whether another refresh call may go out at `now` (monotonic): fewer than `maximum` went out
    /// within the last `window`.
    package mutating func mayCallRefresh(at now: Duration, window: Duration, maximum: Int) -> Bool {
        recentRefreshes.removeAll { now - $0 >= window }
        return recentRefreshes.count < maximum
    }

    /// A refresh call went out at `now` (monotonic).
    package mutating func refreshCalled(at now: Duration) {
        recentRefreshes.append(now)
    }

    // MARK: - Requests

    /// Whether a request issued under `issued` may still take a token: its session is the one in
    /// memory.
    package func mayHandOutToken(issuedIn issued: UInt64, hasSession: Bool) -> Bool {
        hasSession && isCurrent(issued)
    }

    /// What diagnostics report of a refresh outcome.
    package static func diagnosticOutcome(of outcome: RefreshOutcome, signedOut: Bool) -> RefreshDiagnostic.Outcome {
        switch outcome {
        case .renewed: .renewed
        case .failed(.session(.tooManyRefreshes)): .stormGuard
        case .failed: signedOut ? .sessionEnded : .passingFailure
        }
    }
}

// What a request that waited for a refresh does next.
extension SessionStateMachine {
    /// A request's next step after the refresh it waited for.
    package enum AfterRefresh: Sendable, Equatable {
        /// Send with this token (the renewed one).
        case send(String)
        /// Go on with the session in memory: check its token as if no refresh had run (a joined
        /// refresh failed for a passing reason), or send its still-valid token (a proactive one did).
        case goOn
        /// The session the request was issued under ended meanwhile (a logout, a new sign-in):
        /// the request is not sent.
        case sessionGone
        /// Fail with this error.
        case fail(APIError)
    }

    /// Decides what a request issued under `issued` does after joining a refresh already under way
    /// (an answer said the token was rejected, or it is expiring).
    ///
    /// - Parameter callerCancelled: whether the request's task was cancelled meanwhile.
    package func afterJoinedRefresh(_ outcome: RefreshOutcome, issuedIn issued: UInt64, callerCancelled: Bool)
        -> AfterRefresh
    {
        if case .renewed(let pair) = outcome, isCurrent(issued) { return .send(pair.accessToken) }
        if callerCancelled { return .fail(.cancelled) }
        // Woken, but a logout or another session end may have run on the actor before this resumed.
        return isCurrent(issued) ? .goOn : .sessionGone
    }

    /// Decides what a request issued under `issued` does after the refresh it started because its
    /// token expires within the leeway.
    ///
    /// - Parameter currentTokenValid: whether the session in memory holds an access token that has
    ///   not expired yet (a passing failure then is not the request's problem: the old token is sent).
    package func afterProactiveRefresh(_ outcome: RefreshOutcome, issuedIn issued: UInt64, currentTokenValid: Bool)
        -> AfterRefresh
    {
        switch outcome {
        case .renewed(let pair):
            // The model's resume-race counterexample (Docs/Model.md): a session end ran between the
            // refresh's answer and this request resuming; the pair is no longer this request's.
            return isCurrent(issued) ? .send(pair.accessToken) : .sessionGone
        case .failed(.cancelled):
            return .fail(.cancelled)
        case .failed(let error):
            return isCurrent(issued) && currentTokenValid ? .goOn : .fail(error)
        }
    }

    /// Decides what a request whose rejected token led to the one shared refresh does next.
    package func afterReactiveRefresh(_ outcome: RefreshOutcome, issuedIn issued: UInt64) -> AfterRefresh {
        switch outcome {
        case .renewed(let pair): isCurrent(issued) ? .send(pair.accessToken) : .sessionGone
        case .failed(let error): .fail(error)
        }
    }
}
