import WoteData

extension SessionStateMachine {
    /// The request slots' decisions: how many requests may be on the wire, who waits, in which
    /// order, and who is sent away. ``RequestSlots`` holds it under its lock (a request takes its
    /// slot without entering the engine's actor) and carries out what it returns.
    package struct Slots: Sendable, Equatable {
        /// What a request asking for a slot gets now.
        package enum Take: Sendable, Equatable {
            /// A slot, to give back with ``release()``.
            case granted
            /// None free: wait under this id.
            case wait(WaiterID)
            /// The request's session has already ended: it may not go on the wire.
            case dismissed
        }

        private struct Waiter: Sendable, Equatable {
            let id: WaiterID
            let generation: UInt64
        }

        /// Slots free now.
        package private(set) var available: Int
        /// Requests issued under a generation before this one are sent away: their session has ended.
        package private(set) var endedBefore: UInt64 = 0
        private var waiters: [Waiter] = []
        private var nextID: WaiterID = 0

        /// Slots for `limit` requests at once (at least one).
        package init(limit: Int) {
            available = max(limit, 1)
        }

        /// The waiting requests, in arrival order.
        package var waiting: [WaiterID] { waiters.map(\.id) }

        /// A request issued under `generation` asks for a slot.
        package mutating func take(generation: UInt64) -> Take {
            // Its session ended before it asked: it is not let through, whatever is free.
            guard generation >= endedBefore else { return .dismissed }
            if available > 0 {
                available -= 1
                return .granted
            }
            nextID &+= 1
            waiters.append(Waiter(id: nextID, generation: generation))
            return .wait(nextID)
        }

        /// A slot is given back.
        ///
        /// - Returns: the longest waiter, which now holds it; `nil` when the slot is free.
        package mutating func release() -> WaiterID? {
            guard !waiters.isEmpty else {
                available += 1
                return nil
            }
            return waiters.removeFirst().id
        }

        /// Waiter `id` gave up (its task was cancelled).
        ///
        /// - Returns: whether it was still waiting (then it holds nothing, and is to be resumed as cancelled).
        package mutating func cancel(_ id: WaiterID) -> Bool {
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return false }
            waiters.remove(at: index)
            return true
        }

        /// Sends away the waiters issued before `generation`, and every later request issued before
        /// it: their session has ended.
        ///
        /// - Returns: the waiters' ids, to be resumed as dismissed.
        package mutating func dismiss(issuedBefore generation: UInt64) -> [WaiterID] {
            endedBefore = max(endedBefore, generation)
            guard waiters.contains(where: { $0.generation < generation }) else { return [] }
            let older = waiters.filter { $0.generation < generation }.map(\.id)
            waiters.removeAll { $0.generation < generation }
            return older
        }
    }
}
