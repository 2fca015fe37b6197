import Foundation
import WoteDomain
import WoteLocked

/// How a token store tells the processes sharing it that it changed, without saying how: the
/// listener reads the store again, under its lock, as it does at any other time (a notice carries
/// no token and no state, so a lost, late or forged one costs a read, never a session).
///
/// - On Linux, a ``FileTokenStorage``'s folder is watched with inotify: the store's own rename or
///   unlink is the notice, so ``post()`` has nothing to do.
/// - On Apple platforms, a Darwin notification named after the store (payload-free, see
///   `DarwinStoreNotices`) is posted after each change and heard by every process of the app
///   group, the app's widget and extensions among them.
/// - ``InProcessStoreNotices`` serves stores that live in one process (several engines on one
///   in-memory store).
package protocol StoreNotices: Sendable {
    /// Starts calling `handler`, on a thread of the notices' own (the writer's, in one process), each time the store may have
    /// changed (possibly after this process's own changes too, and possibly more than once per
    /// change). Calls stop when the returned observation is cancelled; `nil` when the store cannot
    /// be watched (the process then learns of changes the next time it reads the store, as
    /// before).
    func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation?

    /// Tells the processes observing the store that this one changed it.
    func post()
}

/// A running observation of a store's notices; ``cancel()`` ends it.
package final class StoreObservation: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    /// Wraps `onCancel`, which runs once, at the first ``cancel()``.
    package init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Stops the handler's calls; later calls do nothing.
    package func cancel() {
        let action = onCancel.withLock { stored in
            defer { stored = nil }
            return stored
        }
        action?()
    }

    deinit { cancel() }
}

/// Notices among the engines of one process that share one store (an ``InMemoryTokenStorage``
/// between two clients, or a store whose platform offers no notices): ``post()`` calls every
/// observer.
package final class InProcessStoreNotices: StoreNotices {
    private let observers = Locked<[UUID: @Sendable () -> Void]>([:])

    /// Creates notices with no observer.
    package init() {}

    package func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation? {
        let id = UUID()
        observers.withLock { $0[id] = handler }
        return StoreObservation { [observers] in _ = observers.withLock { $0.removeValue(forKey: id) } }
    }

    /// Calls every observer before returning: in one process the notice is there as soon as the
    /// write is (an engine's handler only counts it and schedules the read).
    package func post() {
        let handlers = observers.withLock { Array($0.values) }
        for handler in handlers { handler() }
    }
}
