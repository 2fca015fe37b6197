public import Foundation
import WoteData
public import WoteDomain
import WoteLocked

/// A clock that stands still until a test moves it, so expiry and windows are tested without waiting.
///
/// ```swift
/// import WoteKitTesting
///
/// let clock = TestClock(now: Date(timeIntervalSince1970: 1_700_000_000))
/// clock.advance(by: .seconds(60))
/// ```
public final class TestClock: Sendable {
    private let state: Locked<(now: Date, uptime: Duration)>
    private let sleeps = Locked<[Duration]>([])

    /// Creates a clock at `now`, with monotonic time at zero.
    public init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Locked((now, .zero))
    }

    /// The current wall-clock date.
    public var now: Date { state.current.now }

    /// Moves both wall-clock and monotonic time forward by `duration`.
    public func advance(by duration: Duration) {
        state.withLock {
            $0.now = $0.now.addingTimeInterval(duration.timeInterval)
            $0.uptime += duration
        }
    }

    /// Sets the wall clock alone (as when the person changes the device time); monotonic time stays.
    public func setWallClock(to date: Date) {
        state.withLock { $0.now = date }
    }

    /// How long WoteKit has waited on this clock so far (each wait moves it forward), for a test's
    /// assertions on a backoff or a `Retry-After`.
    public var slept: [Duration] { sleeps.current }

    /// The clock to hand to WoteKit. Its waits take no real time: each moves this clock forward by
    /// the duration waited and returns.
    public var clock: WoteClock {
        WoteClock(
            now: { [state] in state.current.now }, uptime: { [state] in state.current.uptime },
            sleep: { [self] duration in
                sleeps.withLock { $0.append(duration) }
                advance(by: duration)
            })
    }
}
