import Foundation

/// A value guarded by a lock, for the few places that share mutable state outside an actor
/// (test doubles, delegate callbacks). `Mutex` needs newer Apple platforms than WoteKit supports.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    package var current: Value { withLock { $0 } }
}
