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
    }

    /// Decides the next step for an answer read as `meaning`.
    ///
    /// - Parameters:
    ///   - profileWasCompleted: whether the session the request was sent under had its profile completed.
    ///   - passesProfileGate: whether the answer shows the profile is complete (asked only when it matters).
    ///   - mayRetry: whether the request may still be retried (its first attempt).
    package static func step(
        for meaning: ProtectedAnswer, profileWasCompleted: Bool, passesProfileGate: () -> Bool, mayRetry: Bool
    ) -> AnswerStep {
        switch meaning {
        case .accepted: !profileWasCompleted && passesProfileGate() ? .markProfileCompleted : .deliver
        case .profileRequired: .markProfileRequired
        case .sessionEnded(let reason): .endSession(reason)
        case .accessTokenRejected: mayRetry ? .refreshAndRetry : .deliver
        }
    }
}
