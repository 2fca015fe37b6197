import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reference server's `/__test` hooks (started with `--test-hooks`): counters, run-time
/// config and clock. Hook calls are not counted; each carries the secret of `WOTE_TEST_HOOKS_SECRET`.
struct ServerHooks: Sendable {
    let baseURL: URL
    private let session = URLSession(configuration: .ephemeral)

    init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// The server's counters now.
    func counters() async throws -> ServerCounters {
        try JSONDecoder().decode(ServerCounters.self, from: try await call("GET", "__test/counters"))
    }

    /// The server's run-time settings; TTLs in seconds.
    struct Settings: Codable, Sendable {
        var strictRotation: Bool?
        var accessTTL: Double?
        var refreshTTL: Double?
    }

    /// Changes the run-time settings that `change` names.
    func configure(_ change: Settings) async throws {
        try await call("POST", "__test/config", body: try JSONEncoder().encode(change))
    }

    /// The server's run-time settings now.
    func settings() async throws -> Settings {
        try JSONDecoder().decode(Settings.self, from: try await call("GET", "__test/config"))
    }

    /// The server's clock now.
    func now() async throws -> Date {
        struct Now: Decodable { var nowMs: Double }
        let now = try JSONDecoder().decode(Now.self, from: try await call("GET", "__test/clock"))
        return Date(timeIntervalSince1970: now.nowMs / 1000)
    }

    /// Moves the server's clock forward by `seconds`.
    func advanceClock(by seconds: Int) async throws {
        try await call("POST", "__test/clock", body: Data(#"{"advanceSeconds":\#(seconds)}"#.utf8))
    }

    @discardableResult
    private func call(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // The hooks answer only with the secret the server was started with (issue 47, N7).
        request.setValue(
            ProcessInfo.processInfo.environment["WOTE_TEST_HOOKS_SECRET"] ?? "", forHTTPHeaderField: "X-Wote-Test-Secret")
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw BenchFailure("\(method) /\(path) failed: \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }
}
