import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository

/// From the moment a session ends, it sends nothing more (issue 24, item 5): the requests waiting
/// for a slot or a refresh fail instead of going out with a token, and an answer that arrives after
/// the end belongs to nobody.
@Suite(.timeLimit(.minutes(1)))
struct LogoutWinsTests {
    /// Before, a request waiting for a slot waited for the requests on the wire and was then sent
    /// (or failed only once a slot came back): here it would wait for ever for the held one.
    @Test func sessionEnd_failsTheRequestsWaitingForASlot_atOnce_withoutSendingThem() async throws {
        let onTheWire = HeldPath(path: "/api/posts")
        let fixture = EngineFixture()
        var configuration = SessionConfiguration()
        configuration.maximumConcurrentRequests = 1
        let engine = fixture.makeEngine(
            storage: fixture.storage, configuration: configuration,
            transport: onTheWire.transport(over: fixture.backend))
        _ = try await engine.begin(
            StoredSession(tokens: fixture.backend.issuePair(), profileCompleted: true), persist: true)
        let sent = Task { () throws(APIError) -> Int in
            try await engine.send(Endpoint(method: .get, path: "/api/posts", authorization: .bearer)).status
        }
        await onTheWire.arrivals.waitForArrivals()
        let waiting = Task { () throws(APIError) -> Int in try await engine.send(EngineFixture.profile).status }
        #expect(await yieldUntil { engine.requestsWaitingForASlot == 1 })

        try await engine.end(reason: .loggedOut)

        await #expect(throws: APIError.session(.notSignedIn)) { try await waiting.value }
        await onTheWire.gate.open()
        // The held request reached the server, but its answer came after the session ended.
        await #expect(throws: APIError.session(.notSignedIn)) { try await sent.value }
        #expect(fixture.backend.stub.requests(path: "/api/posts").count == 1)
        #expect(fixture.backend.stub.requests(path: "/api/profiles").isEmpty)
    }
}
