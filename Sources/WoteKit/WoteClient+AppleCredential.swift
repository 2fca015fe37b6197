import WoteDomain

extension WoteClient {
    /// Starts the Apple credential monitor with `checks`, replacing (and stopping) any running one.
    package func startAppleCredentialMonitoring(checks: AppleCredentialChecks) {
        let diagnostics = configuration.diagnostics
        let monitor = AppleCredentialMonitor(checks: checks, engine: engine) { line in
            if diagnostics.isEnabled { diagnostics.handle(.platform(line)) }
        }
        appleCredentialMonitoring.replace(with: Task { await monitor.run() })
    }

    /// Stops the Apple credential monitor, if one runs.
    package func stopAppleCredentialMonitoringTask() {
        appleCredentialMonitoring.replace(with: nil)
    }
}
