import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct SingleFlightTests {
    @Test func refresh_runsOnce_whenThousandRequestsFindTheTokenExpired() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        try await fixture.signIn()
        fixture.clock.advance(by: .seconds(61))

        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<1_000 {
                group.addTask { (try? await fixture.fetchProfile()) ?? -1 }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }

        #expect(fixture.refreshCalls == 1)
        #expect(statuses.count == 1_000)
        #expect(statuses.allSatisfy { $0 == 200 })
    }

    @Test func refresh_runsOnce_whenThousandRequestsAreRejectedTogether() async throws {
        // The clock says the token is fine, the server says it is not: the reactive path.
        let fixture = EngineFixture(accessLifetime: 600)
        try await fixture.signIn()
        fixture.server.expireAccessTokens()

        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<1_000 {
                group.addTask { (try? await fixture.fetchProfile()) ?? -1 }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }

        #expect(fixture.refreshCalls == 1)
        #expect(statuses.allSatisfy { $0 == 200 })
    }

    @Test func inFlightRequestWithSupersededToken_isRetriedWithNewToken_withoutSecondRefresh() async throws {
        let clock = TestClock()
        let server = FakeWoteServer(clock: clock)
        let held = CallGate()
        // The first profile request is held at the server until a refresh has rotated the tokens;
        // the server then rejects its (old) token with 401 E006, as the real one does.
        server.inject(.hold(held), on: "/api/profiles")
        let client = HTTPClient(baseURL: EngineFixture.baseURL, transport: server.transport)
        let storage = TestTokenStorage()
        let engine = SessionEngine(client: client, storage: storage, clock: clock.clock, configuration: .init())
        let pair = server.issuePair()
        _ = try await engine.begin(StoredSession(tokens: pair, profileCompleted: true), persist: true)

        let slow = Task { try await engine.send(EngineFixture.profile).status }
        await held.waitForArrivals()
        let refreshed = try await engine.refresh()
        held.open()
        let status = try await slow.value

        #expect(status == 200)
        #expect(server.refreshCount == 1)
        let tokensSent = server.requests(path: "/api/profiles").compactMap {
            $0.value(forHTTPHeaderField: "Authorization")
        }
        #expect(tokensSent == ["Bearer \(pair.accessToken)", "Bearer \(refreshed.tokens!.accessToken)"])
    }

    @Test func cancellingOneCaller_returnsCancelledPromptly_andLeavesTheSharedRefreshRunning() async throws {
        let fixture = EngineFixture(accessLifetime: 60)
        let held = try await fixture.requestWithHeldRefresh()
        let cancelled = held.request
        let patient = Task { () throws(APIError) -> Int in try await fixture.fetchProfile() }
        cancelled.cancel()
        // The cancelled caller finishes while the refresh is still held at the server.
        let cancelledResult = await cancelled.result
        #expect(throws: APIError.cancelled) { try cancelledResult.get() }

        held.gate.open()
        #expect(try await patient.value == 200)
        #expect(fixture.refreshCalls == 1)
        #expect(await fixture.engine.snapshot().state == .signedIn)
    }

    @Test func eachRequest_isRetriedAtMostOnce_whenNewTokenIsRejectedToo() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn()
        let rejected = StubTransport.Reply.json(401, #"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#)
        fixture.answerNextProfileRequests(with: rejected, rejected, rejected)

        let status = try await fixture.fetchProfile()

        #expect(status == 401)
        #expect(fixture.refreshCalls == 1)
        #expect(fixture.server.requests(path: "/api/profiles").count == 2)
        // The refresh token just worked: the session goes on.
        #expect(await fixture.engine.snapshot().state == .signedIn)
    }

    @Test func stormGuard_stopsRefreshing_whenServerRejectsEveryNewToken() async throws {
        let fixture = try await signedInFixtureRejectingEveryToken()

        var errors: [APIError] = []
        for _ in 0..<6 {
            do { _ = try await fixture.fetchProfile() } catch { errors.append(error) }
        }

        #expect(fixture.refreshCalls == 3)
        #expect(errors.allSatisfy { $0 == .session(.tooManyRefreshes) })
        #expect(errors.count == 3)
        // The window is on the monotonic clock: once it passes, refreshing works again.
        fixture.clock.advance(by: .seconds(11))
        _ = try await fixture.fetchProfile()
        #expect(fixture.refreshCalls == 4)
    }

    @Test func stormGuardWindow_runsOnTheMonotonicClock_notTheWallClock() async throws {
        let fixture = try await signedInFixtureRejectingEveryToken()
        for _ in 0..<4 { _ = try? await fixture.fetchProfile() }
        #expect(fixture.refreshCalls == 3)

        // Someone moves the device clock an hour ahead: the window has not passed.
        fixture.clock.setWallClock(to: fixture.clock.now.addingTimeInterval(3_600))
        await #expect(throws: APIError.session(.tooManyRefreshes)) { try await fixture.fetchProfile() }
        #expect(fixture.refreshCalls == 3)
    }

    /// A signed-in engine allowed 3 refreshes in 10 seconds, whose server rejects every access
    /// token, new or old, as malformed.
    private func signedInFixtureRejectingEveryToken() async throws -> EngineFixture {
        let configuration = SessionConfiguration(maximumRefreshesPerWindow: 3, refreshWindow: .seconds(10))
        let fixture = EngineFixture(configuration: configuration)
        try await fixture.signIn()
        let rejected = StubTransport.Reply.json(401, #"{"status":401,"divisionCode":"E005","message":"Malformed"}"#)
        fixture.server.inject(.answer(rejected), on: EngineFixture.profile.path, times: nil)
        return fixture
    }
}
