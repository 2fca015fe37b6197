import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `FakeWoteServer.Parking` holds every request until the test releases it, with the fault chosen
/// at the release; the server's session numbers let a test end, or refresh "as another process",
/// one session at a time.
@Suite(.timeLimit(.minutes(1))) struct FakeWoteServerParkingTests {
    /// A raw request to `path`, with a JSON body and a bearer when given.
    static func request(_ path: String, json: [String: String]? = nil, bearer: String? = nil) throws -> URLRequest {
        var request = URLRequest(url: FakeWoteServer.baseURL.appendingPathComponent(path))
        request.httpMethod = json == nil ? "GET" : "POST"
        if let json { request.httpBody = try JSONSerialization.data(withJSONObject: json) }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// The HTTP status and division code of an answer.
    static func read(_ answer: (Data, URLResponse)) -> (Int, String?) {
        let json = (try? JSONSerialization.jsonObject(with: answer.0)) as? [String: Any]
        return ((answer.1 as? HTTPURLResponse)?.statusCode ?? 0, json?["divisionCode"] as? String)
    }

    @Test func parkedRequests_reachTheServerOnlyWhenReleased_inTheTestsOrder() async throws {
        let server = FakeWoteServer()
        let parking = FakeWoteServer.Parking(server)
        let pair = server.issuePair()
        let transport = parking.transport
        let second = try Self.request("/api/b", bearer: pair.accessToken)
        let first = try Self.request("/api/a", bearer: pair.accessToken)
        let b = Task { try await transport.send(second) }
        let a = Task { try await transport.send(first) }
        await parking.waitForArrivals(2)

        #expect(parking.parked.map(\.path) == ["/api/a", "/api/b"])  // by key, whatever the arrival order
        #expect(parking.parked.allSatisfy { $0.bearer == pair.accessToken })
        #expect(server.log.isEmpty)

        let outcome = await parking.release(parking.parked[1])
        #expect(outcome == .answered(status: 200, divisionCode: nil))
        #expect(Self.read(try await b.value).0 == 200)
        #expect(server.log.map(\.path) == ["/api/b"])
        #expect(parking.parked.map(\.path) == ["/api/a"])

        let failed = await parking.release(parking.parked[0], meeting: .serverError(status: 503))
        #expect(failed == .answered(status: 503, divisionCode: "G999"))
        #expect(Self.read(try await a.value) == (503, "G999"))
        #expect(parking.parked.isEmpty)
        #expect(parking.arrivals == 2)
    }

    @Test func aLostAnswer_rotatesAtTheRelease_andTheCallerGetsNoAnswer() async throws {
        let server = FakeWoteServer()
        let parking = FakeWoteServer.Parking(server)
        let pair = server.issuePair()
        let transport = parking.transport
        let refresh = try Self.request("/api/auth/refresh", json: ["refreshToken": pair.refreshToken])
        let call = Task { try await transport.send(refresh) }
        await parking.waitForArrivals()
        #expect(server.issuedPairs.count == 1)

        let parked = try #require(parking.parked.first)
        #expect(await parking.release(parked, meeting: .loseAnswer) == .noAnswer)
        await #expect(throws: TransportError.self) { try await call.value }
        #expect(server.issuedPairs.count == 2)  // the server rotated all the same
        #expect(server.session(of: server.issuedPairs[1].refreshToken) == server.session(of: pair.refreshToken))
        #expect(await parking.release(parked) == nil)  // released already
    }

    @Test func releaseAll_answersEveryParkedRequestWithoutFault() async throws {
        let server = FakeWoteServer()
        let parking = FakeWoteServer.Parking(server)
        server.inject(.drop, on: "/api/a", times: nil)  // a parking's release does not use injected faults
        let transport = parking.transport
        let calls = try (0..<3).map { index in
            let request = try Self.request("/api/a", json: ["n": "\(index)"])
            return Task { try await transport.send(request) }
        }
        await parking.waitForArrivals(3)
        #expect(await parking.releaseAll() == 3)
        for call in calls { #expect(Self.read(try await call.value).0 == 200) }
        #expect(parking.parked.isEmpty)
        #expect(await parking.releaseAll() == 0)
    }

    @Test func aClientsRefresh_waitsAtTheParking_untilReleased() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock)
        let parking = FakeWoteServer.Parking(server)
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(), transport: parking.transport,
                clock: clock.clock))
        try await wote.beginSession(with: server.issuePair(accessExpired: true))
        let token = Task { try await wote.accessToken() }
        await parking.waitForArrivals()
        #expect(parking.parked.map(\.path) == ["/api/auth/refresh"])
        await parking.release(parking.parked[0])
        let fresh = try await token.value
        #expect(fresh == server.issuedPairs.last?.accessToken)
        #expect(server.session(of: fresh) == 1)
        wote.shutdown()
    }

    @Test func sessions_areNumberedInOrder_andNameTheirMember() {
        let server = FakeWoteServer()
        let first = server.issuePair()
        let second = server.issuePair(for: "member-2")
        #expect(server.session(of: first.accessToken) == 1)
        #expect(server.session(of: first.refreshToken) == 1)
        #expect(server.session(of: second.accessToken) == 2)
        #expect(server.session(of: "not-a-token") == nil)
        #expect(server.member(ofSession: 2) == "member-2")
        #expect(server.member(ofSession: 3) == nil)
    }

    @Test func rotatingAsAnotherProcess_replacesTheClientsRefreshToken() async throws {
        let server = FakeWoteServer(rotation: .strict)
        let pair = server.issuePair()
        let rotated = try #require(server.rotateSession(1))
        #expect(rotated.accessToken != pair.accessToken)
        #expect(server.session(of: rotated.refreshToken) == 1)

        // The replaced token meets strict rotation: E016, and the whole session ends.
        let stale = try Self.request("/api/auth/refresh", json: ["refreshToken": pair.refreshToken])
        #expect(Self.read(try await server.transport.send(stale)) == (200, "E016"))
        #expect(server.rotateSession(1) == nil)
        #expect(server.rotateSession(9) == nil)
    }

    @Test func endingOneSession_leavesTheMembersOtherSessionWorking() async throws {
        let server = FakeWoteServer()
        let ended = server.issuePair()
        let other = server.issuePair()
        server.endSession(1)

        let refresh = try Self.request("/api/auth/refresh", json: ["refreshToken": ended.refreshToken])
        #expect(Self.read(try await server.transport.send(refresh)) == (200, "E016"))
        let call = try Self.request("/api/posts", bearer: ended.accessToken)
        #expect(Self.read(try await server.transport.send(call)) == (401, "E006"))
        let otherCall = try Self.request("/api/posts", bearer: other.accessToken)
        #expect(Self.read(try await server.transport.send(otherCall)).0 == 200)
        #expect(server.isMember(FakeWoteServer.defaultMember))
    }
}
