import Crypto

/// The numbers `/__test/counters` reports. Authorization values are counted by a short SHA-256
/// prefix, never kept as they are.
actor RequestCounters {
    private var snapshotValue = CountersSnapshot()

    func snapshot() -> CountersSnapshot { snapshotValue }

    func reset() { snapshotValue = CountersSnapshot() }

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
}
