// Public: the lock is read by `withLock`, inlined into each caller's module.
public import Foundation

/// A value guarded by a lock, for the few places that share mutable state outside an actor
/// (test doubles, delegate callbacks). `Mutex` needs newer Apple platforms than WoteKit supports.
///
/// Public, and `withLock` `@inlinable`, only so that every WoteKit module inlines it, specialized for
/// its own value: a `package` body is not inlined across modules without library evolution, and the
/// unspecialized call looked up its types' metadata on every request. Not part of WoteKit's API
/// (no product names this module).
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// A lock around `value`.
    @inlinable public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    @inlinable public var current: Value { withLock { $0 } }
}
