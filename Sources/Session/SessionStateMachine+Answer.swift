package import WoteData
package import WoteDomain

// What an answer on an authenticated path does, for WoteKit's own requests and for other stacks'
// calls alike (`SessionEngine.settle`, `RequestAuthorizer.retryDecision`).
extension SessionStateMachine {
    /// The next step for a request whose answer the contract has read.
    package enum AnswerStep: Sendable, Equatable {
        /// The answer is the caller's, and the session is as it was.
        case deliver
        /// The answer showed the profile is complete (an accepted answer behind the profile gate
        /// while the session waited for its profile): the session becomes signed in.
        case markProfileCompleted
        /// The server says the profile must be completed first: no refresh, no sign-out.
        case markProfileRequired
        /// The server says the session is over: it ends for this reason.
        case endSession(SignOutReason)
        /// The access token was rejected on the first attempt: one shared refresh, then one retry.
        case refreshAndRetry
        /// The answer was accepted while the session waited for its profile, and the caller reads it
        /// itself (`fetch` decodes it on its own actor): the answer is the caller's, and whether it
        /// shows the profile complete is settled with the caller's reading, so that the answer is
        /// read once (``SessionEngine/settleProfileGate(_:of:isSuccess:)``).
        case deliverAwaitingProfileGate
    }

    /// Decides the next step for an answer read as `meaning`.
    ///
    /// - Parameters:
    ///   - profileWasCompleted: whether the session the request was sent under had its profile completed.
    ///   - passesProfileGate: whether the answer shows the profile is complete (asked only when it
    ///     matters), or `nil` when that is known only once the caller has read the answer itself.
    ///   - mayRetry: whether the request may still be retried (its first attempt).
    package static func step(
        for meaning: ProtectedAnswer, profileWasCompleted: Bool, passesProfileGate: () -> Bool?, mayRetry: Bool
    ) -> AnswerStep {
        switch meaning {
        case .accepted:
            guard !profileWasCompleted else { return .deliver }
            switch passesProfileGate() {
            case true: return .markProfileCompleted
            case false: return .deliver
            case nil: return .deliverAwaitingProfileGate
            }
        case .profileRequired: return .markProfileRequired
        case .sessionEnded(let reason): return .endSession(reason)
        case .accessTokenRejected: return mayRetry ? .refreshAndRetry : .deliver
        }
    }

    /// What becomes of an answer as it arrives, before it is read.
    package enum AnswerArrival: Sendable, Equatable {
        /// The session the request was sent for ended (or another began) while it was on the wire:
        /// the answer belongs to nobody now (a logout has returned, or is about to), and the request
        /// fails as one without a session.
        case answerBelongsToNobody
        /// The session moved on, but the endpoint's answer outlives it (the withdrawal's): it is the
        /// caller's, and it changes no session.
        case answerToCaller
        /// The request's session is still current: the answer is settled (``step(for:profileWasCompleted:passesProfileGate:mayRetry:)``).
        case settle
    }

    /// Decides what becomes of the answer to a request sent under generation `sent`, arriving while
    /// `current` is the engine's generation.
    ///
    /// - Parameter outlivesItsSession: whether the endpoint's answer is the caller's even once its
    ///   session ended (``Endpoint/answerOutlivesItsSession``).
    package static func answerArrived(sentIn sent: UInt64, current: UInt64, outlivesItsSession: Bool) -> AnswerArrival {
        guard sent != current else { return .settle }
        return outlivesItsSession ? .answerToCaller : .answerBelongsToNobody
    }

    /// Whose answer is settled: which session a verdict in it may end.
    package enum AnswerOwner: Sendable, Equatable {
        /// WoteKit's own request, issued under generation `issuedIn`: a verdict ends that session
        /// only while it is the one in memory.
        case request(issuedIn: UInt64)
        /// Another stack's call, sent with `token` while generation `issuedIn` was current: a verdict
        /// ends the session only while `token` is its access token (a refresh may have replaced it).
        case call(token: String, issuedIn: UInt64)

        /// The generation the request or call was issued under.
        package var generation: UInt64 {
            switch self {
            case .request(let issued), .call(_, let issued): issued
            }
        }
    }

    /// What an answer to a call another stack sent does to the session.
    package enum CallAnswer: Sendable, Equatable {
        /// The call went with a token that is not the session's access token (an earlier session's,
        /// one a refresh has replaced since, or no session now): the answer changes nothing, and is
        /// read as for a completed profile (the next call, with the current token, hears the same).
        case changesNothing
        /// The call went with the session's access token: the answer is settled as one of that
        /// session's, its profile completed or not.
        case settle(profileCompleted: Bool)
    }

    /// Decides what an answer to a call another stack sent with `token` does, given the session
    /// (`nil`: none) as the engine published it.
    package static func callAnswer(toCallWith token: String, session: StoredSession?) -> CallAnswer {
        guard let session, session.tokens.accessToken == token else { return .changesNothing }
        return .settle(profileCompleted: session.profileCompleted)
    }

    /// Whether a server's verdict that the session is over, in an answer of `owner`, ends the
    /// session in memory now: a request's only while its session is current, another stack's call's
    /// only while its token is the session's access token.
    package func verdictEnds(for owner: AnswerOwner) -> Bool {
        switch owner {
        case .request(let issued): mayHandOutToken(issuedIn: issued, hasSession: session != nil)
        case .call(let token, _): Self.callAnswer(toCallWith: token, session: session) != .changesNothing
        }
    }
}
