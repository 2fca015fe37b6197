import Foundation
import WoteData
import WoteDomain
package import WoteWire

// The decisions on a refresh whose answer may have been lost (issue 30, item 1): when the same
// refresh token is sent again, and what a refusal of it then means.
extension SessionStateMachine {
    /// The pause before sending the same refresh token again, or `nil` when it is not sent again.
    ///
    /// - Parameters:
    ///   - sends: how many times the token was sent in this refresh so far (at least 1).
    ///   - retryAfter: the `Retry-After` of a 429 or 503 answer; `nil` after a lost answer, for the
    ///     full-jitter backoff.
    ///   - elapsed: the monotonic time since the first send.
    ///   - policy: the configuration's bounds.
    ///   - jitter: a random number in `0...1`, the backoff's share of its ceiling.
    package static func pauseBeforeSendingAgain(
        after sends: Int, retryAfter: Duration?, elapsed: Duration, policy: SessionConfiguration.LostAnswerRetry,
        jitter: Double
    ) -> Duration? {
        guard sends < policy.maximumAttempts else { return nil }
        let pause: Duration
        if let retryAfter {
            pause = max(retryAfter, .zero)
        } else {
            // Full jitter: a random pause up to base × 2ⁿ⁻¹, capped.
            let exponent = min(sends - 1, 30)
            let ceiling = min(policy.baseDelay * (1 << exponent), policy.maximumDelay)
            pause = ceiling * min(max(jitter, 0), 1)
        }
        guard elapsed + pause <= policy.window else { return nil }
        return pause
    }

    /// Whether a call's failure means its answer may have been lost after the server acted on it: a
    /// dropped connection or a time-out. (A refusal to connect cannot be told apart cheaply from a
    /// connection dropped after the request went out, so every network failure counts.) A
    /// cancellation does not: nobody waits for the answer any more.
    package static func answerMayHaveBeenLost(_ error: APIError) -> Bool {
        switch error {
        case .network, .timeout: true
        case .cancelled, .malformed, .session: false
        }
    }

    /// How long after a refresh answer the same refresh token is sent again, before the bounds of
    /// ``SessionConfiguration/lostAnswerRetry``: only a passing failure (``RefreshAnswer/transient(_:)``)
    /// whose 429 or 503 asks to call again later (``retryAfter(status:header:)``); `nil`: the answer
    /// is the refresh's.
    package static func sendsAgain(after answer: RefreshAnswer, status: Int, header: String?) -> Duration? {
        guard case .transient = answer else { return nil }
        return retryAfter(status: status, header: header)
    }

    /// The `Retry-After` of a 429 or 503 answer, in whole seconds; `nil` for any other answer or
    /// a header that is no number of seconds.
    package static func retryAfter(status: Int, header: String?) -> Duration? {
        guard status == 429 || status == 503, let header,
            let seconds = Int(header.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return .seconds(seconds)
    }

    /// What a refresh answer means once it is known whether a send of the same refresh token may
    /// have been lost (this refresh's own, or one the store recorded within the window): a dead
    /// refresh token then is most likely the server's refusal of a token it rotated for an answer
    /// that never arrived, ``SignOutReason/refreshAnswerLost``, never a plain expiry. Any other
    /// answer is unchanged.
    package static func verdict(_ answer: RefreshAnswer, afterLostSend lost: Bool) -> RefreshAnswer {
        guard lost, case .invalid(.sessionExpired) = answer else { return answer }
        return .invalid(.refreshAnswerLost)
    }
}
