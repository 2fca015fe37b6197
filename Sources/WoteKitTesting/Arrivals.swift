import WoteLocked

/// The calls that reached a place where a test holds them (a ``CallGate``, a
/// ``FakeWoteServer/Parking``), counted, and the tests waiting for a number of them.
///
/// Kept inside the holder's locked state; the waiters it returns are resumed outside the lock.
struct Arrivals {
    /// How many calls have arrived so far.
    private(set) var count = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Counts one more arrival.
    ///
    /// - Returns: the waiters it satisfies, to resume once the lock is released.
    mutating func arrive() -> [CheckedContinuation<Void, Never>] {
        count += 1
        let arrived = count
        defer { waiters.removeAll { $0.count <= arrived } }
        return waiters.filter { $0.count <= arrived }.map(\.continuation)
    }

    /// Keeps `continuation` until `wanted` calls have arrived, unless they already have.
    ///
    /// - Returns: `true` when they already have: resume `continuation` once the lock is released.
    mutating func wait(for wanted: Int, _ continuation: CheckedContinuation<Void, Never>) -> Bool {
        if count >= wanted { return true }
        waiters.append((wanted, continuation))
        return false
    }
}

extension Locked {
    /// Suspends until the arrivals that `arrivals` counts in the locked state number at least
    /// `count` (immediately if they do).
    func waitUntil(_ arrivals: WritableKeyPath<Value, Arrivals>, reach count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = withLock { $0[keyPath: arrivals].wait(for: count, continuation) }
            if ready { continuation.resume() }
        }
    }
}
