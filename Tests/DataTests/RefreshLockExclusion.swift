import Testing
import WoteData
import WoteDomain
import WoteLocked

/// What the waiting instance saw, in order.
enum LockEvent: Equatable, Sendable {
    case contended
    case acquired(afterFirstReleased: Bool)
}

/// Expects a second store instance to wait for the refresh lock `holder` holds and to take it only
/// once `holder` releases it.
///
/// - Parameter waiter: makes the second instance, with the callback it calls when it finds the
///   lock taken.
func expectRefreshLockExclusion(
    holder: some TokenStorage, waiter makeWaiter: (@escaping @Sendable () -> Void) -> some TokenStorage,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let (events, sink) = AsyncStream<LockEvent>.makeStream()
    let waiter = makeWaiter { sink.yield(.contended) }
    let held = try await holder.lockForRefresh()
    let released = Locked(false)
    let waiting = Task {
        let lock = try await waiter.lockForRefresh()
        sink.yield(.acquired(afterFirstReleased: released.current))
        sink.finish()
        lock.release()
    }
    var iterator = events.makeAsyncIterator()
    // Without exclusion the second instance would take the lock at once and say `acquired`.
    #expect(await iterator.next() == .contended, sourceLocation: sourceLocation)
    released.withLock { $0 = true }
    held.release()
    #expect(await iterator.next() == .acquired(afterFirstReleased: true), sourceLocation: sourceLocation)
    try await waiting.value
}
