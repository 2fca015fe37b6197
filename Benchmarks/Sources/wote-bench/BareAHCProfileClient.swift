import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The baseline of the AsyncHTTPClient overhead benchmark (issue 26): what an app on
/// AsyncHTTPClient would write without WoteKit. A bare `HTTPClient` in its default configuration,
/// the `Authorization: Bearer` and `Accept` headers set by hand, `execute(_:timeout:)` with
/// 30 seconds, the body collected and the same envelope decoded with `JSONDecoder`.
struct BareAHCProfileClient: Sendable {
    private let client: AsyncHTTPClient.HTTPClient
    private let url: String
    private let authorization: String

    /// - Parameters:
    ///   - client: the bare client, in AsyncHTTPClient's default configuration.
    ///   - server: the reference server's base URL.
    ///   - accessToken: the bearer token, fixed for the whole run.
    init(client: AsyncHTTPClient.HTTPClient, server: URL, accessToken: String) {
        self.client = client
        url = server.appendingPathComponent("api/profiles").absoluteString
        authorization = "Bearer \(accessToken)"
    }

    /// One authenticated request; `true` when it returned the profile.
    @Sendable func fetchProfile() async -> Bool {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "Accept", value: "application/json")
        do {
            let response = try await client.execute(request, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 16 * 1024 * 1024)
            guard response.status == .ok else { return false }
            let envelope = try JSONDecoder().decode(PlainProfileClient.Envelope.self, from: body)
            return envelope.status == 200 && envelope.data != nil
        } catch {
            return false
        }
    }
}

/// The other baseline of the AsyncHTTPClient overhead benchmark (issue 49): the same request on
/// AsyncHTTPClient's fastest path, its `EventLoopFuture` API. `HTTPClient.Request` built from the
/// server's URL (parsed once), the same two headers, `execute(request:deadline:)` with a deadline
/// 30 seconds away, awaited with `get()`, the body (a `ByteBuffer` the client has already
/// collected) decoded with `JSONDecoder` into the same envelope.
struct BareAHCFutureProfileClient: Sendable {
    private let client: AsyncHTTPClient.HTTPClient
    private let url: URL
    private let headers: HTTPHeaders

    /// - Parameters:
    ///   - client: the bare client, in AsyncHTTPClient's default configuration.
    ///   - server: the reference server's base URL.
    ///   - accessToken: the bearer token, fixed for the whole run.
    init(client: AsyncHTTPClient.HTTPClient, server: URL, accessToken: String) {
        self.client = client
        url = server.appendingPathComponent("api/profiles")
        headers = ["Authorization": "Bearer \(accessToken)", "Accept": "application/json"]
    }

    /// One authenticated request; `true` when it returned the profile.
    @Sendable func fetchProfile() async -> Bool {
        do {
            let request = try AsyncHTTPClient.HTTPClient.Request(url: url, method: .GET, headers: headers)
            let response = try await client.execute(request: request, deadline: .now() + .seconds(30)).get()
            guard response.status == .ok, let body = response.body else { return false }
            let envelope = try JSONDecoder().decode(PlainProfileClient.Envelope.self, from: body)
            return envelope.status == 200 && envelope.data != nil
        } catch {
            return false
        }
    }
}
