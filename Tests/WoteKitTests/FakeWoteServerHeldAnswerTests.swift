import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `FakeWoteServer.transport(holdingAnswersFor:at:)`: the server acts at once, the answer waits.
@Suite(.timeLimit(.minutes(1))) struct FakeWoteServerHeldAnswerTests {
    @Test func aHeldRefreshAnswer_theServerHasRotated_theClientHearsOnlyOnceTheGateOpens() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock)
        let answers = CallGate()
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(),
                transport: server.transport(holdingAnswersFor: "/api/auth/refresh", at: answers),
                clock: clock.clock))
        let first = server.issuePair(accessExpired: true)
        try await wote.beginSession(with: first)

        let request = Task { try await wote.accessToken() }
        await answers.waitForArrivals()

        // The server has rotated and logged its answer; the client still holds the first pair.
        #expect(server.issuedPairs.count == 2)
        #expect(server.refreshCount == 1)
        #expect(await wote.currentSession.tokens?.accessToken == first.accessToken)
        answers.open()
        #expect(try await request.value == server.issuedPairs[1].accessToken)
        #expect(server.refreshCount == 1)
    }

    @Test func otherPaths_passStraightThrough_andAFaultStillApplies() async throws {
        let server = FakeWoteServer()
        let answers = CallGate()
        let transport = server.transport(holdingAnswersFor: "/api/auth/refresh", at: answers)
        server.inject(.serverError(status: 503), on: "/api/auth/refresh")
        var refresh = URLRequest(url: FakeWoteServer.baseURL.appendingPathComponent("/api/auth/refresh"))
        refresh.httpMethod = "POST"
        refresh.httpBody = Data(#"{"refreshToken":"r"}"#.utf8)

        let other = try await transport.send(URLRequest(url: FakeWoteServer.baseURL.appendingPathComponent("/api/x")))
        #expect((other.1 as? HTTPURLResponse)?.statusCode == 200)
        #expect(answers.arrivals == 0)

        let held = Task { try await transport.send(refresh) }
        await answers.waitForArrivals()
        answers.open()
        #expect((try await held.value.1 as? HTTPURLResponse)?.statusCode == 503)
    }
}
