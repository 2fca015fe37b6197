import Foundation
import Testing
import WoteKit
import WoteKitTesting

/// One session, one identity, across processes on one store (issue 33): an account switch in another
/// process (another `WoteClient` on the same store, as an app extension is) is another session, never a
/// refresh of this one. Member A's requests are never sent with member B's tokens, A's logout never
/// logs B out, and A's end never removes B's session from the store.
@Suite(.timeLimit(.minutes(1))) struct AccountSwitchElsewhereTests {
    static let memberB = User(nickname: "member-b", school: School(name: "Other High", region: .busan))

    let clock = TestClock()
    let server: FakeWoteServer

    init() {
        server = FakeWoteServer(clock: clock)
        server.addMember("b", profile: Self.memberB)
        server.route(.apple(authorizationCode: "b-code"), to: "b")
    }

    func client(_ storage: any TokenStorage) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport, clock: clock.clock))
    }

    /// The store without notices (`TestTokenStorage`): the other process's sign-in is found only when
    /// this client reads the store again, under its lock, for the refresh its expired token needs.
    @Test func accountSwitchInAnotherProcess_isNotTakenForARefresh_memberAsRequestIsNotSentAsB() async throws {
        let storage = TestTokenStorage()
        let here = client(storage)
        let there = client(storage)
        #expect(try await here.login(.kakao("a-code"), remember: true) == .signedIn)
        // A's access token expires here; then the other process signs in as B.
        clock.advance(by: .seconds(3_601))
        #expect(try await there.login(.apple("b-code"), remember: true) == .signedIn)
        let pairOfB = try #require(server.issuedPairs.last)

        let answer: Result<User, WoteError>
        do {
            answer = .success(try await here.fetchMyProfile())
        } catch {
            answer = .failure(error)
        }

        #expect(answer == .failure(.notSignedIn))
        #expect(!server.log.contains { $0.path == "/api/profiles" && $0.bearer == pairOfB.accessToken })
        #expect(await here.currentSession.state == .signedOut(.endedElsewhere))
        // B's session stays in the store and at the server.
        #expect(storage.session?.tokens.accessToken == pairOfB.accessToken)
        #expect(try await there.fetchMyProfile() == Self.memberB)
    }

    @Test func logoutAfterAnAccountSwitchInAnotherProcess_tellsTheServerWithAsToken_andLeavesBsSession() async throws {
        let storage = TestTokenStorage()
        let here = client(storage)
        let there = client(storage)
        _ = try await here.login(.kakao("a-code"), remember: true)
        let pairOfA = try #require(server.issuedPairs.last)
        clock.advance(by: .seconds(1))
        _ = try await there.login(.apple("b-code"), remember: true)
        let pairOfB = try #require(server.issuedPairs.last)

        try await here.logout()

        let logout = try #require(server.log.last { $0.path == "/api/auth/logout" })
        #expect(logout.bearer == pairOfA.accessToken)
        #expect(storage.session?.tokens.accessToken == pairOfB.accessToken)
        #expect(try await there.fetchMyProfile() == Self.memberB)
    }

    /// A session an older version stored has no identifier; another process's sign-in stores one,
    /// which only a sign-in gives: A's logout still goes with A's token and leaves B's session in the
    /// store (it went with B's newer pair and emptied B's store, a known limit until session 15).
    @Test func aSessionAnOlderVersionStored_isToldApartFromASignInElsewhere() async throws {
        let storage = TestTokenStorage()
        _ = try await client(storage).login(.kakao("a-code"), remember: true)
        let pairOfA = try #require(server.issuedPairs.last)
        // As an older version left it: no identifier.
        storage.session?.sessionID = nil
        let here = client(storage)
        #expect(await here.restoreSession().state == .signedIn)
        clock.advance(by: .seconds(1))
        let there = client(storage)
        _ = try await there.login(.apple("b-code"), remember: true)
        let pairOfB = try #require(server.issuedPairs.last)

        try await here.logout()

        let logout = try #require(server.log.last { $0.path == "/api/auth/logout" })
        #expect(logout.bearer == pairOfA.accessToken)
        #expect(storage.session?.tokens.accessToken == pairOfB.accessToken)
    }

    /// The store with notices (a shared `InMemoryTokenStorage`): the other process's sign-in ends the
    /// session here, and is then a sign-in here, never a `tokensRefreshed` of A's session.
    @Test func accountSwitchHeardAsANotice_endsTheSessionHere_thenRestoresB_neverAsARefresh() async throws {
        let storage = InMemoryTokenStorage()
        let here = client(storage)
        let there = client(storage)
        _ = try await here.login(.kakao("a-code"), remember: true)
        let events = here.sessionEvents()
        // B's pair is issued later on the shared clock: newer than A's, as an account switch is.
        clock.advance(by: .seconds(1))

        _ = try await there.login(.apple("b-code"), remember: true)
        let pairOfB = try #require(server.issuedPairs.last)

        var seen: [SessionEvent] = []
        for await event in events {
            if case .initialState = event { continue }
            seen.append(event)
            if case .restored = event { break }
            if case .tokensRefreshed = event { break }
        }
        #expect(seen == [.signedOut(.endedElsewhere), .restored(.signedIn)])
        #expect(await here.currentSession.tokens?.accessToken == pairOfB.accessToken)
        #expect(try await here.fetchMyProfile() == Self.memberB)
    }

    @Test func aRefreshHereKeepsTheSessionsIdentity_soAnotherProcessAdoptsThePairAsARefresh() async throws {
        let storage = InMemoryTokenStorage()
        let here = client(storage)
        let there = client(storage)
        _ = try await here.login(.kakao("a-code"), remember: true)
        _ = await there.restoreSession()
        let events = there.sessionEvents()
        // A pair issued later (on the shared clock) is the newer one.
        clock.advance(by: .seconds(1))

        _ = try await here.refreshSession()

        var seen: [SessionEvent] = []
        for await event in events {
            if case .initialState = event { continue }
            seen.append(event)
            if case .tokensRefreshed = event { break }
            if case .signedOut = event { break }
        }
        #expect(seen.last == .tokensRefreshed)
        #expect(await there.currentSession.tokens == here.currentSession.tokens)
    }
}
