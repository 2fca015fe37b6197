import WoteDomain
import WoteLocked

/// The running Apple credential monitor of one client, stopped when replaced or when the client goes.
package final class AppleCredentialMonitoring: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    package init() {}

    /// Cancels the running monitor and keeps `new` instead.
    package func replace(with new: Task<Void, Never>?) {
        let old = task.withLock { current in
            defer { current = new }
            return current
        }
        old?.cancel()
    }

    deinit {
        task.current?.cancel()
    }
}
