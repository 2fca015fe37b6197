import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

/// A profile request waiting for a refresh the server holds until ``gate`` opens.
struct HeldRefresh {
    /// Opening it lets the server look at the refresh and answer it.
    let gate: CallGate
    /// The request that needed the refresh; it yields the profile's HTTP status.
    let request: Task<Int, any Error>
    /// The engine's events from just before the request.
    let events: AsyncStream<SessionEvent>
}

extension EngineFixture {
    /// Another engine on this fixture's server and clock, over `storage`: another process, or one
    /// whose store a test holds.
    func makeEngine(
        storage: any TokenStorage, configuration: SessionConfiguration = SessionConfiguration(),
        transport: HTTPTransport? = nil
    ) -> SessionEngine {
        SessionEngine(
            client: HTTPClient(baseURL: EngineFixture.baseURL, transport: transport ?? server.transport),
            storage: storage, clock: clock.clock, configuration: configuration)
    }

    /// Two engines standing for two processes over one store (this fixture's, unless given): the
    /// first signs in, the second restores what it stored; then the access token expires (the
    /// fixture must be made with an access lifetime of 60 seconds).
    func twoProcessesPastTheAccessLifetime(
        _ firstStorage: (any TokenStorage)? = nil, _ secondStorage: (any TokenStorage)? = nil
    ) async throws -> (first: SessionEngine, second: SessionEngine) {
        let first = makeEngine(storage: firstStorage ?? storage)
        let second = makeEngine(storage: secondStorage ?? storage)
        _ = try await first.begin(StoredSession(tokens: server.issuePair(), profileCompleted: true), persist: true)
        _ = await second.restore()
        clock.advance(by: .seconds(61))
        return (first, second)
    }

    /// Signs in, lets the access token expire (the fixture must be made with an access lifetime of
    /// 60 seconds) and starts a profile request whose refresh the server holds.
    ///
    /// - Returns: once that refresh has reached the server.
    func requestWithHeldRefresh() async throws -> HeldRefresh {
        try await signIn()
        clock.advance(by: .seconds(61))
        let gate = holdRefreshes()
        let events = engine.events()
        let request = Task { () throws(APIError) -> Int in try await fetchProfile() }
        await gate.waitForArrivals()
        return HeldRefresh(gate: gate, request: request, events: events)
    }

    /// Logs out while `held` waits (the logout ends the session at once; its store write waits for
    /// the refresh's turn), then lets the refresh answer.
    ///
    /// - Returns: what the held request ended with.
    func logOut(during held: HeldRefresh) async throws -> Result<Int, any Error> {
        var changes = engine.events().makeAsyncIterator()
        let logout = Task { try await engine.end(reason: .loggedOut) }
        // The stream starts with the state as it stands; wait for the logout's own event.
        while let event = await changes.next() {
            if case .signedOut = event { break }
        }
        held.gate.open()
        let result = await held.request.result
        try await logout.value
        return result
    }
}
