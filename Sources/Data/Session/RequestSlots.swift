/// How many of WoteKit's authorized requests may be on the wire at once: a counting semaphore
/// whose waiters are served in order and can be cancelled.
///
/// A request takes its access token only once it has a slot, so after an answer says the token was
/// rejected, the requests still waiting for a slot go out with the refreshed token instead of the
/// stale one: a burst of a thousand costs at most a slot's worth of rejected answers.
package final class RequestSlots: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
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
    ///   the caller's task was cancelled while waiting.
    package func acquire() async -> Bool {
        let (granted, id) = state.withLock { state -> (Bool, UInt64) in
            if state.available > 0 {
                state.available -= 1
                return (true, 0)
            }
            state.nextID &+= 1
            return (false, state.nextID)
        }
        if granted { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if state.available > 0 {
                        state.available -= 1
                        return true
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            cancelled?.resume(returning: false)
        }
    }

    /// Gives a slot back; the longest waiter gets it.
    package func release() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiters.isEmpty else {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume(returning: true)
    }

    /// Slots free now, for tests.
    package var available: Int { state.current.available }
}
