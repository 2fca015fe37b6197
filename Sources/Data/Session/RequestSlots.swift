/// How many of WoteKit's authorized requests may be on the wire at once: a counting semaphore
/// whose waiters are served in order and can be cancelled, or sent away when their session ends.
///
/// A request takes its access token only once it has a slot, so after an answer says the token was
/// rejected, the requests still waiting for a slot go out with the refreshed token instead of the
/// stale one: a burst of a thousand costs at most a slot's worth of rejected answers.
package final class RequestSlots: Sendable {
    /// What a wait for a slot ended with.
    package enum Grant: Sendable, Equatable {
        /// A slot, to give back with ``RequestSlots/release()``.
        case granted
        /// The caller's task was cancelled while waiting; it holds nothing.
        case cancelled
        /// The session the caller waited for ended (``RequestSlots/dismissWaiting()``); it holds nothing.
        case dismissed
    }

    private struct Waiter {
        let id: UInt64
        let generation: UInt64
        let continuation: CheckedContinuation<Grant, Never>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state: Locked<State>

    /// Creates slots for `limit` requests at once (at least one).
    package init(limit: Int) {
        state = Locked(State(available: max(limit, 1)))
    }

    /// Waits for a slot, in arrival order.
    ///
    /// - Returns: `true` with a slot to give back with ``release()``; `false`, holding nothing, when
    ///   the wait was cancelled or dismissed.
    package func acquire() async -> Bool {
        await take() == .granted
    }

    /// Waits for a slot, in arrival order.
    ///
    /// - Returns: ``Grant/granted`` with a slot to give back with ``release()``; otherwise why the
    ///   caller holds nothing.
    /// - Parameter generation: the session generation the request was issued under, for
    ///   ``dismissWaiting(issuedBefore:)``.
    package func take(generation: UInt64 = 0) async -> Grant {
        let (granted, id) = state.withLock { state -> (Bool, UInt64) in
            if state.available > 0 {
                state.available -= 1
                return (true, 0)
            }
            state.nextID &+= 1
            return (false, state.nextID)
        }
        if granted { return .granted }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Grant, Never>) in
                let now: Grant? = state.withLock { state in
                    if Task.isCancelled { return .cancelled }
                    if state.available > 0 {
                        state.available -= 1
                        return .granted
                    }
                    state.waiters.append(Waiter(id: id, generation: generation, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Grant, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            cancelled?.resume(returning: .cancelled)
        }
    }

    /// Gives a slot back; the longest waiter gets it.
    package func release() {
        let next = state.withLock { state -> CheckedContinuation<Grant, Never>? in
            guard !state.waiters.isEmpty else {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume(returning: .granted)
    }

    /// Sends every waiter away with ``Grant/dismissed``: the session they waited to use has ended,
    /// so none of them may go on the wire. Slots held now stay with their holders.
    package func dismissWaiting() {
        dismissWaiting(issuedBefore: .max)
    }

    /// Sends away, with ``Grant/dismissed``, the waiters whose request was issued under a session
    /// generation before `generation` (see ``take(generation:)``): that session has ended.
    package func dismissWaiting(issuedBefore generation: UInt64) {
        let dismissed = state.withLock { state -> [Waiter] in
            let older = state.waiters.filter { $0.generation < generation }
            state.waiters.removeAll { $0.generation < generation }
            return older
        }
        for waiter in dismissed { waiter.continuation.resume(returning: .dismissed) }
    }

    /// Slots free now, for tests.
    package var available: Int { state.current.available }

    /// Requests waiting for a slot now, for tests.
    package var waiting: Int { state.current.waiters.count }
}
