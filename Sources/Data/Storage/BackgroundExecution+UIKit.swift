// The Apple bindings of BackgroundExecution: UIApplication's background tasks and ProcessInfo's
// expiring activities, passing the system's expiry on. What an expiry does to the lock and the
// store is decided in RefreshLockLeases.swift, where Linux tests it.
#if canImport(UIKit)
import Dispatch
import Foundation
import UIKit
import WoteLocked

extension BackgroundExecution {
    /// `UIApplication.beginBackgroundTask(withName:expirationHandler:)`, for an app target (not
    /// available in app extensions, which have no `UIApplication.shared`).
    ///
    /// The task begins on the main actor. Its expiration handler (on the main thread) gives the lock
    /// back and ends the task with `endBackgroundTask(_:)` before it returns, as UIKit requires, even
    /// when the time runs out before the lock was taken; WoteKit ends it from any thread otherwise
    /// (`endBackgroundTask(_:)` is nonisolated). Each task ends once: ``task(begin:end:)``.
    @available(iOSApplicationExtension, unavailable)
    public static let application = BackgroundExecution.task(
        begin: { name, expirationHandler, began in
            await MainActor.run { () -> Bool in
                let application = UIApplication.shared
                let identifier = application.beginBackgroundTask(withName: name) { expirationHandler() }
                guard identifier != .invalid else { return false }
                // Still on the main thread, where the expiration handler runs: it can only ever
                // find the task begun (Apple audit 2026-11-28, F7).
                began(ApplicationTask(application: application, identifier: identifier))
                return true
            }
        },
        end: { task in task.application.endBackgroundTask(task.identifier) })

    /// `ProcessInfo.performExpiringActivity(withReason:using:)`, for apps and app extensions.
    ///
    /// The activity lasts while its block runs, so the block waits (on the system's background
    /// thread) until WoteKit ends the activity. When the system calls the block a second time with
    /// `expired` true, WoteKit gives the lock back and ends the activity; a first call with
    /// `expired` true means no time was granted.
    public static let expiringActivity = BackgroundExecution { name, onExpiry in
        let activity = ExpiringActivity(onExpiry: onExpiry)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Activity?, Never>) in
            activity.start(continuation)
            ProcessInfo.processInfo.performExpiringActivity(withReason: name) { expired in
                activity.run(expired: expired)
            }
        }
    }
}

/// A task `UIApplication` began: the application (main-actor isolated, so Sendable) and the identifier.
private struct ApplicationTask: Sendable {
    let application: UIApplication
    let identifier: UIBackgroundTaskIdentifier
}

/// One `performExpiringActivity` block: hands the activity out, then keeps the block running until
/// the activity is ended.
private final class ExpiringActivity: Sendable {
    private enum Phase {
        case idle
        case starting(CheckedContinuation<BackgroundExecution.Activity?, Never>)
        case running
        case ended
    }

    private let phase = Locked(Phase.idle)
    private let ended = DispatchSemaphore(value: 0)
    private let onExpiry: @Sendable () -> Void

    init(onExpiry: @escaping @Sendable () -> Void) { self.onExpiry = onExpiry }

    func start(_ continuation: CheckedContinuation<BackgroundExecution.Activity?, Never>) {
        phase.withLock { $0 = .starting(continuation) }
    }

    /// The block: called once with `false` (time granted) and maybe again with `true` (time running
    /// out), or once with `true` (no time granted).
    func run(expired: Bool) {
        let starting: CheckedContinuation<BackgroundExecution.Activity?, Never>? = phase.withLock { phase in
            guard case .starting(let continuation) = phase else { return nil }
            phase = expired ? .ended : .running
            return continuation
        }
        if let starting {
            starting.resume(returning: expired ? nil : BackgroundExecution.Activity { self.end() })
            if !expired { ended.wait() }
        } else if expired {
            onExpiry()
        }
    }

    private func end() {
        let wasRunning = phase.withLock { phase in
            guard case .running = phase else { return false }
            phase = .ended
            return true
        }
        if wasRunning { ended.signal() }
    }
}
#endif
