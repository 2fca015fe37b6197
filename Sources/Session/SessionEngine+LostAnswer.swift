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

    /// Sends the refresh with `refreshToken`, and sends the same token again while its answer may
    /// have been lost (a dropped connection, a time-out) or a 429 or 503 answer asks to call again
    /// later, within ``SessionConfiguration/lostAnswerRetry``'s bounds, pausing on the engine's
    /// clock. The caller holds the store for a persistent session, so no other refresh spends the
    /// token meanwhile. It stops when flight `flightGeneration`'s session is no longer current.
    ///
    /// - Returns: the last exchange, and whether any send's answer was lost.
    /// - Throws: the last send's ``APIError`` when it got no answer.
    func exchangeRefreshSendingAgainIfLost(
        _ refreshToken: String, serverClockOffset: TimeInterval?, flightGeneration: UInt64
    ) async throws(APIError) -> (RefreshExchange, lost: Bool) {
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
                    await pausedBeforeSendingAgain(
                        after: sends, retryAfter: nil, since: firstSend, flightGeneration: flightGeneration)
                else { throw error }
                continue
            }
            retryAfter = SessionStateMachine.sendsAgain(
                after: exchanged.answer, status: exchanged.response.status,
                header: exchanged.response.header("retry-after"))
            guard let retryAfter,
                await pausedBeforeSendingAgain(
                    after: sends, retryAfter: retryAfter, since: firstSend, flightGeneration: flightGeneration)
            else { return (exchanged, lost) }
        }
    }

    /// Waits before the next send, when the machine allows one
    /// (``SessionStateMachine/pauseBeforeSendingAgain(after:retryAfter:elapsed:policy:jitter:)``) and
    /// the flight's session is still current before and after the pause.
    private func pausedBeforeSendingAgain(
        after sends: Int, retryAfter: Duration?, since firstSend: Duration, flightGeneration: UInt64
    ) async -> Bool {
        guard machine.mayHandOutToken(issuedIn: flightGeneration, hasSession: session != nil),
            let pause = SessionStateMachine.pauseBeforeSendingAgain(
                after: sends, retryAfter: retryAfter, elapsed: clock.uptime() - firstSend,
                policy: configuration.lostAnswerRetry, jitter: Double.random(in: 0...1))
        else { return false }
        await clock.sleep(pause)
        return !Task.isCancelled && machine.mayHandOutToken(issuedIn: flightGeneration, hasSession: session != nil)
    }
}
