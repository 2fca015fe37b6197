import WoteLocked

/// The deadlines of every exchange in flight, watched by one timer task for the whole process.
///
/// A deadline per exchange used to be a task of its own, sleeping beside the exchange: two task
/// starts and a thread wake-up on every request, most of WoteKit's own cost per request. Here a
/// deadline is an entry in a table: scheduling and cancelling it take a lock each, and the one
/// watcher wakes only when the earliest deadline it knows of is due (or, idle, once after the
/// shortest limit seen, then ends until the next exchange).
///
/// A later exchange with the same limit is due later, so the watcher never needs waking for it;
/// only an exchange due before the watcher's next look replaces the watcher.
package final class ExchangeDeadlines: Sendable {
    /// The table every `HTTPClient` uses.
    package static let shared = ExchangeDeadlines()

    private struct State {
        var entries = DeadlineTable<ContinuousClock.Instant>()
        var nextID: UInt64 = 0
        /// The running watcher and its number; a replaced watcher ends at its next look.
        var watcher: Task<Void, Never>?
        var watcherNumber: UInt64 = 0
        /// When the running watcher looks next.
        var nextLook: ContinuousClock.Instant?
        var shortestLimit: Duration?
        /// Whether the last look found nothing due later: the next empty look ends the watcher.
        var lookedIdle = false
    }

    private let state = Locked(State())

    package init() {}

    /// Runs `action` once `limit` has passed, unless ``cancel(_:)`` comes first.
    ///
    /// - Returns: the deadline's number, for ``cancel(_:)``.
    package func schedule(after limit: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let due = ContinuousClock.now + limit
        return state.withLock { state in
            state.nextID &+= 1
            let id = state.nextID
            state.entries.add(id, due: due, action)
            state.lookedIdle = false
            state.shortestLimit = min(state.shortestLimit ?? limit, limit)
            if state.watcher == nil || (state.nextLook.map { due < $0 } ?? true) {
                state.watcher?.cancel()
                state.watcherNumber &+= 1
                state.nextLook = nil
                let number = state.watcherNumber
                state.watcher = Task.detached { [self] in await watch(as: number) }
            }
            return id
        }
    }

    /// Forgets the deadline `id`; its action will not run (unless it is running already).
    package func cancel(_ id: UInt64) {
        // Taken out through a captured variable, not as `withLock`'s result: a closure returned
        // through the generic result is re-abstracted, a thunk allocated on every request.
        var removed: (@Sendable () -> Void)?
        state.withLock { removed = $0.entries.remove(id) }
        _ = removed  // released here, outside the lock
    }

    /// Deadlines not yet due or cancelled, for tests.
    package var pending: Int { state.withLock { $0.entries.count } }

    private func watch(as number: UInt64) async {
        while true {
            let (due, nextLook) = look(as: number)
            for action in due { action() }
            guard let nextLook else { return }
            do {
                try await Task.sleep(until: nextLook, clock: .continuous)
            } catch {
                return  // replaced by a watcher that must look sooner
            }
        }
    }

    /// Takes the deadlines that are due and says when to look next; `nil` ends the watcher.
    private func look(as number: UInt64) -> ([@Sendable () -> Void], ContinuousClock.Instant?) {
        state.withLock { state in
            guard state.watcherNumber == number else { return ([], nil) }
            let now = ContinuousClock.now
            let (due, dueNext) = state.entries.takeDue(at: now)
            var earliest = dueNext
            if earliest == nil {
                // Nothing pending: look once more after the shortest limit (an exchange scheduled
                // meanwhile is due no sooner), then end.
                if state.lookedIdle {
                    state.watcher = nil
                    state.nextLook = nil
                    return (due, nil)
                }
                state.lookedIdle = true
                earliest = now + (state.shortestLimit ?? .seconds(30))
            }
            state.nextLook = earliest
            return (due, earliest)
        }
    }
}
