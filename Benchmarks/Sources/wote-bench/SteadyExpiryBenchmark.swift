import Foundation
import WoteKit

/// Benchmark 3: steady traffic while the access token lives only a few seconds. With proactive
/// refresh no request should reach the server with an expired token and none should be answered
/// 401, and the refresh calls should follow the token's lifetime.
struct SteadyExpiryBenchmark {
    let server: URL
    let hooks: ServerHooks
    let clock: BenchClock
    let duration: Duration
    let accessLifetime: Int
    let concurrency: Int

    func run(into report: inout Report) async throws {
        let restore = ServerHooks.Settings(accessTTL: try await hooks.settings().accessTTL)
        try await hooks.configure(ServerHooks.Settings(accessTTL: Double(accessLifetime)))
        let measured: (Load.Result, CounterDelta)
        do {
            let member = try await Member.signIn(server: server, clock: clock, transport: .live)
            defer { member.client.shutdown() }
            let before = try await hooks.counters()
            let result = await Load.steady(for: duration, concurrency: concurrency, member.fetchProfile)
            measured = (result, try await hooks.counters().since(before))
        } catch {
            try? await hooks.configure(restore)
            throw error
        }
        try await hooks.configure(restore)

        let (result, counters) = measured
        let lifetimes = result.elapsed.seconds / Double(accessLifetime)
        let refreshesPerLifetime = Double(counters.refreshCalls) / lifetimes
        var section = Report.Section(
            title:
                "3. Steady expiry: \(Report.format(duration.seconds)) s of traffic, \(accessLifetime) s access token",
            header: [
                "workers", "requests", "failures", "expired-token requests", "401 answers", "superseded-token requests",
                "refresh calls", "refreshes per lifetime",
            ])
        section.rows.append([
            "\(concurrency)", "\(result.requests)", "\(result.failures)", "\(counters.expiredAccessTokenRequests)",
            "\(counters.unauthorizedAnswers)", "\(counters.supersededAccessTokenRequests)",
            "\(counters.refreshCalls)", Report.format(refreshesPerLifetime),
        ])
        section.notes.append(
            "- Server run-time config `accessTTL` \(accessLifetime) s, lax rotation; \(concurrency) workers each "
                + "calling `fetchMyProfile` in a loop; counts from `/__test/counters`.")
        report.add(section)
        report.add(
            "steady_expired_token_requests", Double(counters.expiredAccessTokenRequests), goal: .exactly(0),
            "requests that reached the server with an expired token")
        report.add("steady_401_answers", Double(counters.unauthorizedAnswers), goal: .exactly(0), "401 answers")
        report.add("steady_failures", Double(result.failures), goal: .exactly(0), "failed requests")
        report.add(
            "steady_refresh_calls", Double(counters.refreshCalls), goal: .informational,
            "refresh calls in \(Report.format(duration.seconds)) s")
        report.add(
            "steady_refreshes_per_lifetime", refreshesPerLifetime, goal: .approximately(1, tolerance: 0.5),
            "refresh calls per access-token lifetime")
    }
}
