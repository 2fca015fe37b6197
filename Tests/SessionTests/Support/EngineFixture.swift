import Foundation
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession
import WoteTestSupport

/// An engine wired to a fake backend, a test clock and a scriptable store.
struct EngineFixture {
    static let baseURL = URL(string: "https://api.wote.test")!
    static let profile = Endpoint(method: .get, path: "/api/profiles", authorization: .bearer)

    let clock: TestClock
    let backend: FakeWoteBackend
    let storage: TestTokenStorage
    let engine: SessionEngine

    init(
        accessLifetime: TimeInterval = 600, refreshLifetime: TimeInterval = 86_400,
        storage: TestTokenStorage = TestTokenStorage(), configuration: SessionConfiguration = SessionConfiguration(),
        transport: ((FakeWoteBackend) -> HTTPTransport)? = nil
    ) {
        let clock = TestClock()
        let backend = FakeWoteBackend(clock: clock, accessLifetime: accessLifetime, refreshLifetime: refreshLifetime)
        let client = HTTPClient(
            baseURL: EngineFixture.baseURL, transport: transport?(backend) ?? backend.stub.transport)
        self.clock = clock
        self.backend = backend
        self.storage = storage
        self.engine = SessionEngine(client: client, storage: storage, clock: clock.clock, configuration: configuration)
    }

    /// Signs in with a fresh pair from the backend.
    @discardableResult
    func signIn(profileCompleted: Bool = true, persist: Bool = true) async throws -> TokenPair {
        let pair = backend.issuePair()
        _ = try await engine.begin(StoredSession(tokens: pair, profileCompleted: profileCompleted), persist: persist)
        return pair
    }

    /// Sends the protected profile request and returns its HTTP status.
    func fetchProfile() async throws(APIError) -> Int {
        try await engine.send(EngineFixture.profile).status
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
