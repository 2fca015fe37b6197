package import Foundation
package import WoteDomain

// The decisions of a logout's call to the backend, after the session has ended here: which tokens
// the call goes with, whether an expired access token is refreshed first, whether the call goes at
// all, and what each answer leads to. The actor sends the calls and the refresh, and reads the
// answers through the contract (``LogoutCall/read(_:mayRefresh:classify:)``), nothing more.
extension SessionStateMachine {
    /// Which tokens a logout's call goes with.
    package enum LogoutTokens: Sendable, Equatable {
        /// The session had already ended elsewhere (the store was empty at the logout's turn): no
        /// call goes out.
        case endedElsewhere
        /// The call goes with `tokens`; `mayRefresh` when the backend's rejection of the access token
        /// may be answered by a refresh.
        case send(TokenPair, mayRefresh: Bool)
        /// The access token has expired on the server's clock: `tokens`' refresh token is spent for a
        /// new pair first.
        case refreshFirst(TokenPair)
        /// The call cannot go: `tokens` are the session's, `failure` why (the store holds another
        /// session, which may have rotated this one's refresh token unseen: it is not spent again).
        case cannotSend(TokenPair, failure: WoteError)
    }

    /// Which tokens a logout's call goes with, from the session ``logoutSession(ending:landed:stored:storeEmpty:origin:)``
    /// found (`latest`, `nil` when it had ended elsewhere) and whether its refresh token may be spent
    /// (``logoutMayRefresh(stored:ending:origin:)``).
    ///
    /// - Parameters:
    ///   - call: the backend's logout call, `nil` when it has none.
    ///   - now: the device's time now (the session's offset gives the server's).
    package static func logoutTokens(
        latest: StoredSession?, mayRefresh: Bool, call: LogoutCall?, now: Date
    ) -> LogoutTokens {
        guard let latest else { return .endedElsewhere }
        guard let call, call.credential == .accessToken,
            latest.tokens.isAccessTokenExpired(at: now.addingTimeInterval(latest.serverClockOffset ?? 0))
        else { return .send(latest.tokens, mayRefresh: mayRefresh) }
        guard mayRefresh else { return .cannotSend(latest.tokens, failure: .sessionExpired) }
        return .refreshFirst(latest.tokens)
    }

    /// What a logout's call does before it is sent: `nil` to send it, else what the logout came to
    /// without a call (the backend has none, the session ended elsewhere, the tokens for it are missing).
    ///
    /// - Parameters:
    ///   - hasCall: whether the backend has a logout call.
    ///   - endedElsewhere: whether the session had already ended elsewhere.
    ///   - failure: why no tokens for the call could be had, if so.
    package static func logoutCallBegins(hasCall: Bool, endedElsewhere: Bool, failure: WoteError?) -> ServerLogout? {
        guard hasCall else { return .noCall }
        if endedElsewhere { return .toldElsewhere }
        if let failure { return .notTold(failure) }
        return nil
    }

    /// Whether the backend's rejection of a logout call's access token may be answered by a refresh:
    /// the call carries the access token, it was not just refreshed, and the refresh token may be spent.
    package static func logoutMayRefresh(credential: LogoutCall.Credential, refreshed: Bool, tokensMayRefresh: Bool)
        -> Bool
    {
        credential == .accessToken && !refreshed && tokensMayRefresh
    }

    /// What a logout call's answer leads to.
    package enum LogoutAnswerStep: Sendable, Equatable {
        /// The logout is over: the backend was told, or why not.
        case finish(ServerLogout)
        /// The backend's clock says the access token has expired although ours did not: refresh
        /// once and send the call again.
        case refreshAndSendAgain
    }

    /// What the answer to a logout call, read once as `answer`, leads to.
    ///
    /// - Parameter mayRefresh: ``logoutMayRefresh(credential:refreshed:tokensMayRefresh:)``.
    package static func logoutAnswered(_ answer: LogoutAnswer, mayRefresh: Bool) -> LogoutAnswerStep {
        switch answer {
        case .accepted: .finish(.told)
        case .accessTokenRejected where mayRefresh: .refreshAndSendAgain
        case .accessTokenRejected(let refusal), .refused(let refusal): .finish(.notTold(refusal))
        }
    }
}
