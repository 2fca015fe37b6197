/// The reference server's `GET /__test/counters` answer, the part the benchmarks read.
struct ServerCounters: Decodable, Sendable {
    var refreshCalls: Int
    var refreshRejected: Int
    var supersededAccessTokenRequests: Int
    var expiredAccessTokenRequests: Int
    /// Answers per `"METHOD path status"`.
    var requests: [String: Int]

    /// Every request the server counted (test hooks are never counted).
    var totalRequests: Int { requests.values.reduce(0, +) }

    /// Answers with HTTP status 401, on any path.
    var unauthorizedAnswers: Int {
        requests.filter { $0.key.hasSuffix(" 401") }.values.reduce(0, +)
    }

    /// The counts that grew from `earlier` to `self`.
    func since(_ earlier: ServerCounters) -> CounterDelta {
        CounterDelta(
            requests: totalRequests - earlier.totalRequests,
            refreshCalls: refreshCalls - earlier.refreshCalls,
            refreshRejected: refreshRejected - earlier.refreshRejected,
            unauthorizedAnswers: unauthorizedAnswers - earlier.unauthorizedAnswers,
            expiredAccessTokenRequests: expiredAccessTokenRequests - earlier.expiredAccessTokenRequests,
            supersededAccessTokenRequests: supersededAccessTokenRequests - earlier.supersededAccessTokenRequests)
    }
}

/// How much the server's counters moved during one measurement.
struct CounterDelta: Sendable {
    var requests: Int
    var refreshCalls: Int
    var refreshRejected: Int
    var unauthorizedAnswers: Int
    var expiredAccessTokenRequests: Int
    var supersededAccessTokenRequests: Int
}
