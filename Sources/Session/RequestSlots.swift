import WoteData
import WoteLocked

/// How many of WoteKit's authorized requests may be on the wire at once: a counting semaphore
/// whose waiters are served in order and can be cancelled, or sent away when their session ends.
///
/// A request takes its access token only once it has a slot, so after an answer says the token was
/// rejected, the requests still waiting for a slot go out with the refreshed token instead of the
/// stale one: a burst of a thousand costs at most a slot's worth of rejected answers. The decisions
/// are ``SessionStateMachine/Slots``'s; this type keeps the waiters' continuations and resumes them.
package final class RequestSlots: Sendable {
    /// What a wait for a slot ended with.
    package enum Grant: Sendable, Equatable {
        /// A slot, to give back with ``RequestSlots/release()``.
        case granted
        /// The caller's task was cancelled while waiting; it holds nothing.
        case cancelled
        /// The session the caller's request was issued under ended
        /// (``RequestSlots/dismissWaiting(issuedBefore:)``); it holds nothing.
        case dismissed
    }

    private struct State {
        var slots: SessionStateMachine.Slots
        var continuations: [UInt64: CheckedContinuation<Grant, Never>] = [:]
        /// Grants decided before the waiter's continuation was in place.
        var early: [UInt64: Grant] = [:]

        /// Hands `grant` to waiter `id`: the continuation to resume now, if it is in place.
        mutating func settle(_ id: UInt64, _ grant: Grant) -> CheckedContinuation<Grant, Never>? {
            guard let continuation = continuations.removeValue(forKey: id) else {
                early[id] = grant
                return nil
            }
            return continuation
        }
    }

    private let state: Locked<State>

    /// Creates slots for `limit` requests at once (at least one).
    package init(limit: Int) {
        state = Locked(State(slots: SessionStateMachine.Slots(limit: limit)))
    }

    /// Waits for a slot, in arrival order.
    ///
    /// - Returns: ``Grant/granted`` with a slot to give back with ``release()``; otherwise why the
    ///   caller holds nothing.
    /// - Parameter generation: the session generation the request was issued under, for
    ///   ``dismissWaiting(issuedBefore:)``.
    package func take(generation: UInt64 = 0) async -> Grant {
        let id: UInt64
        switch state.withLock({ $0.slots.take(generation: generation) }) {
        case .granted: return .granted
        case .dismissed: return .dismissed
        case .wait(let waiter): id = waiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Grant, Never>) in
                let now: Grant? = state.withLock { state in
                    if let early = state.early.removeValue(forKey: id) { return early }
                    if Task.isCancelled, state.slots.cancel(id) { return .cancelled }
                    state.continuations[id] = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Grant, Never>? in
                guard state.slots.cancel(id) else { return nil }
                return state.settle(id, .cancelled)
            }
            cancelled?.resume(returning: .cancelled)
        }
    }

    /// Gives a slot back; the longest waiter gets it.
    package func release() {
        let next = state.withLock { state -> CheckedContinuation<Grant, Never>? in
            guard let id = state.slots.release() else { return nil }
            return state.settle(id, .granted)
        }
        next?.resume(returning: .granted)
    }

    /// Sends away, with ``Grant/dismissed``, the waiters whose request was issued under a session
    /// generation before `generation` (see ``take(generation:)``), and every later request issued
    /// before it: that session has ended.
    package func dismissWaiting(issuedBefore generation: UInt64) {
        let dismissed = state.withLock { state -> [CheckedContinuation<Grant, Never>] in
            state.slots.dismiss(issuedBefore: generation).compactMap { state.settle($0, .dismissed) }
        }
        for waiter in dismissed { waiter.resume(returning: .dismissed) }
    }
}
