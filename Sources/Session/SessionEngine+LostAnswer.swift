import Foundation
import WoteData
import WoteDomain
import WoteWire

// A refresh whose answer may have been lost (issue 30, item 1; Docs/Session.md, "A lost refresh
// answer"): the record in the store, and the same refresh token sent again.
extension SessionEngine {
    /// Records in the store, before the refresh call goes out, that the session's refresh token is
    /// being sent and when (``StoredSession/refreshSentAt``), so that the next launch or another
    /// process knows the server may have rotated the pair. Only for a persistent session whose
    /// refresh holds the store; a record already there for this token (a send whose answer never
    /// came) is kept, with its date, while it is within ``SessionConfiguration/LostAnswerRetry/window``.
    ///
    /// - Returns: whether an earlier send of this refresh token was recorded within the window: its
    ///   answer may have been lost.
    func recordRefreshSent(holdingStore: Bool) async -> Bool {
        let now = clock.now()
        // Another process (or a launch before this one) may have sent it and never heard back.
        var stored: StoredSession?
        if machine.readsStoreBeforeRefresh(holdingStore: holdingStore) { stored = try? await storage.load() }
        let record = machine.refreshSent(
            at: now, stored: stored, window: configuration.lostAnswerRetry.window.timeInterval,
            holdingStore: holdingStore)
        // Best effort: a store that cannot take the record still gets the refresh's outcome.
        if record.writesStore { try? await writeMemoryToStore(replacingOtherOrigins: false) }
        return record.sentBefore
    }

    /// Clears the record of the send (``recordRefreshSent(holdingStore:)``) when the server answered
    /// it without rotating (a passing failure with an answer): no pair was lost.
    func forgetRefreshSent(holdingStore: Bool) async {
        if machine.refreshSendForgotten(holdingStore: holdingStore) {
            try? await writeMemoryToStore(replacingOtherOrigins: false)
        }
    }

    /// What the sends of one refresh came to.
    enum RefreshSends: Sendable {
        /// The last send's exchange, and whether any send's answer was lost.
        case exchanged(RefreshExchange, lost: Bool)
        /// The store, read again after a pause, already answers the refresh (another process
        /// refreshed, ended or replaced the session meanwhile): nothing more is sent.
        case superseded(RefreshOutcome)
    }

    /// Sends the refresh with `refreshToken`, and sends the same token again while its answer may
    /// have been lost (a dropped connection, a time-out) or a 429 or 503 answer asks to call again
    /// later, within ``SessionConfiguration/lostAnswerRetry``'s bounds, pausing on the engine's
    /// clock. It stops when flight `flightGeneration`'s session is no longer current.
    ///
    /// When `holdingStore` (a persistent session), each send is made under the store's lock and
    /// the lock is given back for each pause (``pauseWithoutStoreLocks(_:)``): no holder keeps
    /// another process waiting past ``storeLockWait``, which bounds one send. Before sending again
    /// the store is read again; what another process stored meanwhile answers the refresh instead.
    ///
    /// - Returns: the last exchange and whether any send's answer was lost, or the outcome the store
    ///   gave after a pause.
    /// - Throws: the last send's ``APIError`` when it got no answer; a storage failure when the lock
    ///   was not had again after a pause (nothing may then be written).
    func exchangeRefreshSendingAgainIfLost(
        _ refreshToken: String, serverClockOffset: TimeInterval?, flightGeneration: UInt64, holdingStore: Bool,
        startedWith: String?
    ) async throws(APIError) -> RefreshSends {
        let firstSend = clock.uptime()
        var sends = 0
        var lost = false
        while true {
            sends += 1
            let retryAfter: Duration?
            let exchanged: RefreshExchange
            do {
                exchanged = try await exchangeRefresh(
                    refreshToken, through: refreshClient, serverClockOffset: serverClockOffset)
            } catch {
                guard SessionStateMachine.answerMayHaveBeenLost(error) else { throw error }
                lost = true
                guard
                    let pause = pauseBeforeSendingAgain(
                        after: sends, retryAfter: nil, since: firstSend, flightGeneration)
                else { throw error }
                if let superseded = try await paused(
                    pause, holdingStore: holdingStore, sending: refreshToken, startedWith: startedWith,
                    flightGeneration: flightGeneration, lastFailure: error)
                {
                    return .superseded(superseded)
                }
                continue
            }
            retryAfter = SessionStateMachine.sendsAgain(
                after: exchanged.answer, status: exchanged.response.status,
                header: exchanged.response.header("retry-after"))
            guard let retryAfter,
                let pause = pauseBeforeSendingAgain(
                    after: sends, retryAfter: retryAfter, since: firstSend, flightGeneration)
            else { return .exchanged(exchanged, lost: lost) }
            // `sendsAgain` answers only a passing failure, which is what the refresh fails with
            // if nothing more is sent.
            guard case .transient(let failure) = exchanged.answer else { return .exchanged(exchanged, lost: lost) }
            let lastFailure = APIError.session(failure)
            if let superseded = try await paused(
                pause, holdingStore: holdingStore, sending: refreshToken, startedWith: startedWith,
                flightGeneration: flightGeneration, lastFailure: lastFailure)
            {
                return .superseded(superseded)
            }
        }
    }

    /// The pause before the next send, when the machine allows one
    /// (``SessionStateMachine/pauseBeforeSendingAgain(after:retryAfter:elapsed:policy:jitter:)``) and
    /// the flight's session is still current; `nil`: nothing is sent again.
    private func pauseBeforeSendingAgain(
        after sends: Int, retryAfter: Duration?, since firstSend: Duration, _ flightGeneration: UInt64
    ) -> Duration? {
        guard machine.mayHandOutToken(issuedIn: flightGeneration, hasSession: session != nil) else { return nil }
        return SessionStateMachine.pauseBeforeSendingAgain(
            after: sends, retryAfter: retryAfter, elapsed: clock.uptime() - firstSend,
            policy: configuration.lostAnswerRetry, jitter: Double.random(in: 0...1))
    }

    /// Waits `pause` before sending `refreshToken` again: without the store's lock when
    /// `holdingStore`, then reading the store again under it.
    ///
    /// - Returns: `nil` to send again; else the refresh's outcome without another send (the session
    ///   ended or was replaced meanwhile, another process stored a fresh pair, the caller was
    ///   cancelled, or its session holds another refresh token now: `lastFailure`).
    private func paused(
        _ pause: Duration, holdingStore: Bool, sending refreshToken: String, startedWith: String?,
        flightGeneration: UInt64, lastFailure: APIError
    ) async throws(APIError) -> RefreshOutcome? {
        if holdingStore {
            do throws(WoteError) {
                try await pauseWithoutStoreLocks(pause)
            } catch {
                throw .session(error)
            }
        } else {
            await clock.sleep(pause)
        }
        guard !Task.isCancelled, machine.mayHandOutToken(issuedIn: flightGeneration, hasSession: session != nil)
        else { return .failed(lastFailure) }
        guard holdingStore else { return nil }
        let reading = await reconcileWithStore()
        switch machine.refreshAfterReading(
            reading, startedWith: startedWith, now: serverNow(), leeway: configuration.refreshLeeway.timeInterval)
        {
        case .sessionGone:
            return .failed(.session(errorForMissingSession()))
        case .answered(let tokens, let announcing):
            if announcing { broadcaster.send(.tokensRefreshed) }
            return .renewed(tokens)
        case .call:
            // Another pair of the session, itself due: its refresh token is not this send's.
            guard session?.tokens.refreshToken == refreshToken else { return .failed(lastFailure) }
            return nil
        }
    }
}
