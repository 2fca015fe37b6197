import Foundation
import WoteKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bound `--timeout` puts on a whole command, not only on each HTTP exchange: decoding the
/// answer, building the text and printing it count too, so a hostile server's answer that is cheap
/// to send and costly to read (millions of tiny feed entries) cannot keep `wote` busy past it.
///
/// A watchdog thread of its own ends the process when the time is up, whatever the command's
/// thread is doing (parsing, formatting, a write blocked on a full pipe): it reports the failure
/// as WoteKit's `timeout` (exit 6) and exits. Time spent waiting for the person (reading standard
/// input, ``whileReadingInput(_:)``) does not count: the clock starts again once the line is read.
/// Commands that run until stopped (`watch`, the interactive front, the demo) are not bounded as a
/// whole; each of their exchanges still is.
final class CommandDeadline: @unchecked Sendable {
    /// The deadline of the command running in this process, if it has one.
    nonisolated(unsafe) private static var current: CommandDeadline?
    private static let currentLock = NSLock()

    private let condition = NSCondition()
    private let limit: Duration
    private let expire: @Sendable () -> Void
    // Guarded by `condition`.
    private var dueAt: ContinuousClock.Instant?
    private var isFinished = false

    /// Starts the clock for a command that may take `limit` in all.
    ///
    /// - Parameters:
    ///   - limit: the whole command's time.
    ///   - expire: what to do when the time is up, on the watchdog thread, before the process exits
    ///     with the time-out's exit code: report the failure.
    static func start(limit: Duration, expire: @escaping @Sendable () -> Void) -> CommandDeadline {
        let deadline = CommandDeadline(limit: limit, expire: expire)
        currentLock.withLock { current = deadline }
        let thread = Thread { deadline.watch() }
        thread.name = "wote.deadline"
        thread.start()
        return deadline
    }

    private init(limit: Duration, expire: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.expire = expire
        dueAt = .now + limit
    }

    /// The command is over: the watchdog stops without acting.
    func finish() {
        condition.withLock {
            isFinished = true
            condition.broadcast()
        }
        Self.currentLock.withLock { if Self.current === self { Self.current = nil } }
    }

    /// Runs `read` (a read of standard input, which waits for the person) with the clock stopped,
    /// then starts it again with the whole limit.
    static func whileReadingInput<T>(_ read: () throws -> T) rethrows -> T {
        guard let deadline = currentLock.withLock({ current }) else { return try read() }
        deadline.setDue(nil)
        defer { deadline.setDue(.now + deadline.limit) }
        return try read()
    }

    private func setDue(_ instant: ContinuousClock.Instant?) {
        condition.withLock {
            dueAt = instant
            condition.broadcast()
        }
    }

    private func watch() {
        condition.lock()
        while !isFinished {
            guard let dueAt else {
                condition.wait()
                continue
            }
            let left = ContinuousClock.now.duration(to: dueAt)
            if left <= .zero {
                // The lock stays held: `finish()` cannot report success after the time-out.
                expire()
                _exit(FailureKind.timeout.exitCode)
            }
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
        }
        condition.unlock()
    }
}
