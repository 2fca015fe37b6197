import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads the reference server's request counters from its test hook `GET /__test/counters`.
///
/// This is the demo's only HTTP call of its own, and it goes to the test hooks, never to the Wote
/// API: the server's refresh count shows that a refresh really happened behind the scenes.
struct TestHookCounters {
    let serverURL: URL

    /// The number of refresh calls the server has received, or `nil` when the server has no test
    /// hooks (it was started without `--test-hooks`), `WOTE_TEST_HOOKS_SECRET` does not hold their
    /// secret, or it cannot be asked.
    func refreshCalls() async -> Int? {
        var request = URLRequest(url: serverURL.appendingPathComponent("__test/counters"))
        request.timeoutInterval = 5
        // The hooks answer only with the secret the server was started with (issue 47, N7).
        if let secret = ProcessInfo.processInfo.environment["WOTE_TEST_HOOKS_SECRET"] {
            request.setValue(secret, forHTTPHeaderField: "X-Wote-Test-Secret")
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        guard let (data, response) = try? await session.data(for: request),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let calls = object["refreshCalls"] as? Int
        else { return nil }
        return calls
    }
}
