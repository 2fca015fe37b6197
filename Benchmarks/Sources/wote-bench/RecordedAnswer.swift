import Foundation
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network taken out: a transport that answers every request at once with the bytes and
/// headers the reference server sent for one real `GET /api/profiles`.
struct RecordedAnswer: Sendable {
    /// The recorded transport: answers at once, without suspending.
    let transport: HTTPTransport
    /// The recorded transport answering from another thread, as URLSession does: the request
    /// suspends and is resumed from a Dispatch queue.
    let threadHoppingTransport: HTTPTransport
    /// The body's size in bytes.
    let bodySize: Int

    /// Asks the server once for `member`'s profile and records the answer.
    init(server: URL, accessToken: String) async throws {
        var request = URLRequest(url: server.appendingPathComponent("api/profiles"))
        request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (body, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw BenchFailure("GET /api/profiles did not answer 200")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        let recordedHeaders = headers
        transport = HTTPTransport { request in
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: recordedHeaders)!
            return (body, response)
        }
        let immediate = transport
        let queue = DispatchQueue(label: "wote-bench.recorded-answer")
        threadHoppingTransport = HTTPTransport { request in
            let answer = try await immediate.send(request)
            return await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: answer) }
            }
        }
        bodySize = body.count
    }

    /// A new client over `transport` (one of the recorded ones) with `member`'s session restored
    /// (no network).
    func client(
        for member: Member, server: URL, clock: BenchClock, transport: HTTPTransport
    ) async throws -> WoteClient {
        guard let stored = try await member.storage.load() else { throw BenchFailure("no stored session") }
        let client = WoteClient(
            configuration: WoteConfiguration(
                baseURL: server, storage: InMemoryTokenStorage(session: stored), transport: transport,
                clock: clock.woteClock))
        guard await client.restoreSession().state == .signedIn else {
            throw BenchFailure("the in-process client did not restore the session")
        }
        return client
    }
}
