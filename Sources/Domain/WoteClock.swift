public import Foundation

/// The two kinds of time WoteKit reads, injectable so tests drive them without waiting.
///
/// `now` is wall-clock time, compared with token expiry dates. `uptime` is monotonic time, used
/// for windows and intervals so that a change of the device clock cannot stretch or shrink them.
public struct WoteClock: Sendable {
    /// The current wall-clock date.
    public var now: @Sendable () -> Date
    /// Monotonic time since an arbitrary fixed start.
    public var uptime: @Sendable () -> Duration
    /// Waits for a duration of this clock's time: a pause before a refresh is sent again. Returns
    /// early when the task is cancelled.
    public var sleep: @Sendable (Duration) async -> Void

    /// Creates a clock from the two readings, and the wait (real time, `Task.sleep`, by default).
    public init(
        now: @escaping @Sendable () -> Date, uptime: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.now = now
        self.uptime = uptime
        self.sleep = sleep
    }

    /// The system clock: `Date()` and `ContinuousClock`.
    public static var live: WoteClock {
        let start = ContinuousClock.now
        return WoteClock(now: { Date() }, uptime: { start.duration(to: .now) })
    }
}
