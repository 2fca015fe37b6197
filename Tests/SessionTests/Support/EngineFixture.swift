import Foundation
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An engine wired to a ``FakeWoteServer`` (strict rotation), a test clock it shares with the
/// server, and a scriptable store.
struct EngineFixture {
    static let baseURL = FakeWoteServer.baseURL
    static let profile = Endpoint(method: .get, path: "/api/profiles", authorization: .bearer)
    static let refreshPath = "/api/auth/refresh"
    static let logoutPath = "/api/auth/logout"

    let clock: TestClock
    let server: FakeWoteServer
    let storage: TestTokenStorage
    let engine: SessionEngine

    init(
        accessLifetime: TimeInterval = 600, refreshLifetime: TimeInterval = 86_400,
        storage: TestTokenStorage = TestTokenStorage(), configuration: SessionConfiguration = SessionConfiguration(),
        transport: ((FakeWoteServer) -> HTTPTransport)? = nil
    ) {
        let clock = TestClock()
        let server = FakeWoteServer(
            clock: clock, accessLifetime: .seconds(accessLifetime), refreshLifetime: .seconds(refreshLifetime))
        let client = HTTPClient(baseURL: EngineFixture.baseURL, transport: transport?(server) ?? server.transport)
        self.clock = clock
        self.server = server
        self.storage = storage
        self.engine = SessionEngine(client: client, storage: storage, clock: clock.clock, configuration: configuration)
    }

    /// Signs in with a fresh pair from the server.
    @discardableResult
    func signIn(profileCompleted: Bool = true, persist: Bool = true) async throws -> TokenPair {
        let pair = server.issuePair()
        _ = try await engine.begin(StoredSession(tokens: pair, profileCompleted: profileCompleted), persist: persist)
        return pair
    }

    /// Records that the server accepted the profile of the session current now.
    func markProfileCompleted() async throws {
        guard let identity = engine.currentSessionIdentity() else { throw WoteError.notSignedIn }
        try await engine.markProfileCompleted(ifStill: identity)
    }

    /// Sends the protected profile request and returns its HTTP status.
    func fetchProfile() async throws(APIError) -> Int {
        try await engine.send(EngineFixture.profile).status
    }

    /// Makes the server answer the next refresh call with `reply` (it does nothing else).
    func answerNextRefresh(with reply: StubTransport.Reply) {
        server.inject(.answer(reply), on: EngineFixture.refreshPath)
    }

    /// Makes the server answer the next profile requests with `replies`, in order (it does nothing else).
    func answerNextProfileRequests(with replies: StubTransport.Reply...) {
        for reply in replies { server.inject(.answer(reply), on: EngineFixture.profile.path) }
    }

    /// Holds every refresh call until the returned gate opens; the server looks at each only then.
    func holdRefreshes() -> CallGate {
        let gate = CallGate()
        server.inject(.hold(gate), on: EngineFixture.refreshPath, times: nil)
        return gate
    }

    /// The refresh calls the server answered (or dropped), counted when they were answered.
    var refreshCalls: Int { server.refreshCount }

    /// The `Authorization` header of every logout call the server received, in order.
    var logoutAuthorizations: [String?] {
        server.requests(path: EngineFixture.logoutPath).map { $0.value(forHTTPHeaderField: "Authorization") }
    }

    /// The body of every logout call the server received, in order.
    var logoutBodies: [String] {
        server.requests(path: EngineFixture.logoutPath).map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) }
    }

    /// The body of every refresh call the server received, in order.
    var refreshBodies: [String] {
        server.requests(path: EngineFixture.refreshPath).map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) }
    }

    /// `Bearer <access token>` of the `number`th pair the server issued (1: the first).
    func bearer(ofPair number: Int) -> String {
        "Bearer \(server.issuedPairs[number - 1].accessToken)"
    }
}

/// Ends every event stream of `engine` and returns the events `stream` received that `keep`s, in
/// order: by default the changes (``SessionEvent/isNotable``), without the initial state and the
/// refresh's start and end (`SessionEventStreamTests` keeps everything).
func drain(
    _ stream: AsyncStream<SessionEvent>, of engine: SessionEngine,
    keeping keep: (SessionEvent) -> Bool = \.isNotable
) async -> [SessionEvent] {
    engine.finishEventStreams()
    var events: [SessionEvent] = []
    for await event in stream where keep(event) { events.append(event) }
    return events
}
