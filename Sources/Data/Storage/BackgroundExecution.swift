import WoteLocked

/// Background time the system grants while WoteKit holds a token store's cross-process lock, so
/// the app is never suspended holding a file lock in a shared container: iOS terminates an app
/// that does (exception 0xdead10cc).
///
/// ``FileTokenStorage`` and ``KeychainTokenStorage`` (with a `sharedLockDirectory`) begin one
/// activity before they take their lock and end it when they give the lock back. When the system
/// says the time is running out (`onExpiry`), the store gives the lock back at once, and the change
/// that held it writes nothing: the store keeps the session it had, and the next call tries again.
///
/// ```swift
/// import UIKit
///
/// // In an app target (not an extension):
/// let storage = KeychainTokenStorage(
///     service: "com.example.app/https://api.wote.example:443", accessGroup: "TEAMID.com.example.shared",
///     sharedLockDirectory: groupContainer, backgroundExecution: .application)
/// ```
///
/// The defaults (``standard``) are `ProcessInfo.performExpiringActivity(withReason:using:)` where
/// UIKit exists (apps and extensions) and ``none`` elsewhere (macOS does not suspend apps that way;
/// Linux never). An app may pass `.application`, `UIApplication.beginBackgroundTask(withName:expirationHandler:)`,
/// or a hook of its own.
public struct BackgroundExecution: Sendable {
    /// A stretch of background time the system granted. WoteKit ends it exactly once: when it
    /// gives the lock back, or from inside `onExpiry` when the time runs out.
    public struct Activity: Sendable {
        private let onEnd: @Sendable () -> Void

        /// Creates an activity that runs `end` when WoteKit ends it.
        ///
        /// - Parameter end: tells the system the work is done (`UIApplication.endBackgroundTask(_:)`).
        public init(end: @escaping @Sendable () -> Void) {
            onEnd = end
        }

        /// Tells the system the work is done.
        public func end() { onEnd() }
    }

    private let beginActivity: @Sendable (_ name: String, _ onExpiry: @escaping @Sendable () -> Void) async -> Activity?

    /// Creates a hook from the call that asks the system for background time.
    ///
    /// - Parameter begin: asks for background time for the work called `name`; calls `onExpiry`
    ///   (from any thread, at most once) when that time is about to run out, and returns the
    ///   granted activity, or `nil` when the system grants none (the app is being suspended).
    public init(
        begin: @escaping @Sendable (_ name: String, _ onExpiry: @escaping @Sendable () -> Void) async -> Activity?
    ) {
        beginActivity = begin
    }

    /// Asks for background time.
    ///
    /// - Parameters:
    ///   - name: what the time is for, for the system's logs.
    ///   - onExpiry: called when the time is about to run out.
    /// - Returns: the granted activity, or `nil` when the system grants none.
    public func begin(name: String, onExpiry: @escaping @Sendable () -> Void) async -> Activity? {
        await beginActivity(name, onExpiry)
    }

    /// No background time is asked for, and none ever runs out: for processes the system never
    /// suspends (command-line tools, servers, macOS apps, Linux).
    public static let none = BackgroundExecution { _, _ in Activity(end: {}) }

    /// The platform's default: `expiringActivity` where UIKit exists (it works in apps and in
    /// extensions), ``none`` elsewhere.
    public static var standard: BackgroundExecution {
        #if canImport(UIKit)
        return .expiringActivity
        #else
        return .none
        #endif
    }
}

extension BackgroundExecution {
    /// A hook over a system call pair like `UIApplication.beginBackgroundTask(withName:expirationHandler:)`
    /// and `endBackgroundTask(_:)`: a task begun with an expiration handler, ended by its identifier.
    ///
    /// The expiration handler calls `onExpiry` and then ends the task itself, before it returns, as
    /// UIKit requires, whether or not WoteKit had already attached the task to a lock (an expiry
    /// that comes before the lock is taken has no activity to end yet). Every end after the first
    /// is ignored, so the system's end call runs exactly once per task.
    ///
    /// - Parameters:
    ///   - begin: begins a task named `name` whose expiration handler is `expirationHandler`, and
    ///     calls `began` with its identifier at once, on the thread the expiration handler runs on
    ///     (UIKit's main thread), before anything else may run there: an expiry that comes later
    ///     then always finds the task and ends it (Apple audit 2026-11-28, F7). Returns `false` when
    ///     the system grants no time.
    ///   - end: ends the task (`endBackgroundTask(_:)`, which may be called from any thread).
    package static func task<Identifier: Sendable>(
        begin:
            @escaping @Sendable (
                _ name: String, _ expirationHandler: @escaping @Sendable () -> Void,
                _ began: @escaping @Sendable (Identifier) -> Void
            ) async -> Bool,
        end: @escaping @Sendable (Identifier) -> Void
    ) -> BackgroundExecution {
        BackgroundExecution { name, onExpiry in
            let task = BackgroundTask(end: end)
            let granted = await begin(
                name,
                {
                    onExpiry()
                    task.end()
                }, { identifier in task.began(identifier) })
            guard granted else { return nil }
            return Activity { task.end() }
        }
    }
}

/// One background task's end, at most once: from WoteKit (the lock given back) or from the expiration
/// handler, whichever comes first.
private final class BackgroundTask<Identifier: Sendable>: Sendable {
    private enum Phase {
        /// Not begun yet; `ended` when an end was asked for meanwhile.
        case beginning(ended: Bool)
        case running(Identifier)
        case ended
    }

    private let phase = Locked(Phase.beginning(ended: false))
    private let endCall: @Sendable (Identifier) -> Void

    init(end: @escaping @Sendable (Identifier) -> Void) { endCall = end }

    /// The system answered with the task's identifier; ends it at once if an end came first.
    func began(_ identifier: Identifier) {
        let endNow = phase.withLock { phase in
            guard case .beginning(let ended) = phase else { return false }
            phase = ended ? .ended : .running(identifier)
            return ended
        }
        if endNow { endCall(identifier) }
    }

    /// Ends the task, the first time only.
    func end() {
        let identifier: Identifier? = phase.withLock { phase in
            switch phase {
            case .beginning:
                phase = .beginning(ended: true)
                return nil
            case .running(let identifier):
                phase = .ended
                return identifier
            case .ended:
                return nil
            }
        }
        if let identifier { endCall(identifier) }
    }
}
