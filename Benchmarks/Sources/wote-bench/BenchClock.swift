import Foundation
import Synchronization
import WoteKit

/// The client's clock, kept on the reference server's clock: the server's clock can only be moved
/// forward (`POST /__test/clock`), and this one moves with it, so the SDK sees the same expiry the
/// server enforces.
final class BenchClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    /// The clock the SDK reads: the system clock plus the current offset, and the system's
    /// monotonic clock.
    var woteClock: WoteClock {
        let start = ContinuousClock.now
        return WoteClock(
            now: { [self] in Date().addingTimeInterval(currentOffset) }, uptime: { start.duration(to: .now) })
    }

    /// The offset from the system clock, in seconds.
    var currentOffset: TimeInterval { offset.withLock { $0 } }

    /// Sets the offset so that this clock reads `serverNow` now.
    func synchronise(to serverNow: Date) {
        offset.withLock { $0 = serverNow.timeIntervalSinceNow }
    }

    /// Moves this clock forward by `seconds`.
    func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }
}
