import Crypto

/// The numbers `/__test/counters` reports. Authorization values are counted by a short SHA-256
/// prefix, never kept as they are.
actor RequestCounters {
    private var snapshotValue = CountersSnapshot()

    func snapshot() -> CountersSnapshot {
        var snapshot = snapshotValue
        snapshot.requestsInFlight = inFlight
        return snapshot
    }

    func reset() { snapshotValue = CountersSnapshot() }

    /// API requests being handled now (a fault's delay included).
    private var inFlight = 0
    /// Resets waiting for the server to go idle, each with the timer that ends its wait at the
    /// latest; the timer is cancelled when the server goes idle first.
    private var idleWaiters: [Int: (continuation: CheckedContinuation<Void, Never>, timer: Task<Void, Never>)] = [:]
    private var nextWaiter = 0

    /// Called when an API request (not a test hook) starts being handled.
    func requestStarted() { inFlight += 1 }

    /// Called when that request has been answered or failed.
    func requestFinished() {
        inFlight -= 1
        guard inFlight == 0 else { return }
        for waiter in idleWaiters.values {
            waiter.timer.cancel()
            waiter.continuation.resume()
        }
        idleWaiters.removeAll()
    }

    /// Returns once no API request is being handled, or after `limit`. A reset waits here, so a
    /// request that a fault delayed past its client's time-out is counted (and its token checked,
    /// on the clock as it was) before the reset, never in the next test's numbers.
    func waitUntilIdle(atMost limit: Duration) async {
        guard inFlight > 0 else { return }
        let id = nextWaiter
        nextWaiter += 1
        await withCheckedContinuation { continuation in
            let timer = Task { [weak self] in
                guard (try? await Task.sleep(for: limit)) != nil else { return }  // idle first
                await self?.stopWaiting(id)
            }
            idleWaiters[id] = (continuation, timer)
        }
    }

    private func stopWaiting(_ id: Int) {
        idleWaiters.removeValue(forKey: id)?.continuation.resume()
    }

    /// Called once per answered request on the API listener (test hook paths excluded).
    func recordRequest(key: String, authorization: String?, isRefresh: Bool) {
        snapshotValue.requests[key, default: 0] += 1
        if isRefresh {
            snapshotValue.refreshCalls += 1
            if authorization != nil { snapshotValue.authorizationOnRefresh += 1 }
        }
        if let authorization {
            snapshotValue.requestsPerAuthorization[Self.fingerprint(authorization), default: 0] += 1
        }
    }

    func recordRefreshRejected() { snapshotValue.refreshRejected += 1 }

    func record(_ observation: AccessObservation) {
        switch observation {
        case .expired: snapshotValue.expiredAccessTokenRequests += 1
        case .superseded: snapshotValue.supersededAccessTokenRequests += 1
        }
    }

    func recordRedirectTarget(authorizationPresent: Bool) {
        snapshotValue.redirectTargetRequests += 1
        if authorizationPresent { snapshotValue.redirectTargetAuthorizationSeen += 1 }
    }

    /// The first 12 hex digits of the value's SHA-256.
    static func fingerprint(_ value: String) -> String {
        SHA256.hash(data: Array(value.utf8)).prefix(6).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}

/// The JSON of `GET /__test/counters`.
struct CountersSnapshot: Codable, Sendable, Equatable {
    /// Answers per "METHOD path status", for example "POST /api/auth/refresh 200".
    var requests: [String: Int] = [:]
    var refreshCalls = 0
    var refreshRejected = 0
    var supersededAccessTokenRequests = 0
    var expiredAccessTokenRequests = 0
    var authorizationOnRefresh = 0
    var requestsPerAuthorization: [String: Int] = [:]
    var redirectTargetRequests = 0
    var redirectTargetAuthorizationSeen = 0
    /// API requests being handled at the moment of the snapshot (a fault's delay included).
    var requestsInFlight = 0
}
