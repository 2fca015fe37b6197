import WoteDomain

extension WoteClient {
    /// Starts the Apple credential monitor with `checks`, replacing (and stopping) any running one.
    package func startAppleCredentialMonitoring(checks: AppleCredentialChecks) {
        let monitor = AppleCredentialMonitor(checks: checks, engine: engine)
        appleCredentialMonitoring.replace(with: Task { await monitor.run() })
    }

    /// Stops the Apple credential monitor, if one runs.
    package func stopAppleCredentialMonitoringTask() {
        appleCredentialMonitoring.replace(with: nil)
    }
}

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
