import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

/// Apple audit 2026-11-28, F5: a follower knows whether a leader is there. With no leader active
/// (the app suspended or not running, as it mostly is while a widget or a notification service
/// extension runs) it refreshes by itself at once, under the lock, without a 3 s wait; with one
/// active it makes no refresh of its own and adopts the leader's pair through the store's notice;
/// when the leader resigns mid-wait it stops waiting and refreshes by itself.
@Suite(.timeLimit(.minutes(1))) struct FollowerLeaderPresenceTests {
    let clock = TestClock()
    let server: FakeWoteServer

    init() {
        server = FakeWoteServer(clock: clock)
    }

    func engine(on storage: any TokenStorage, role: SessionRole, wait: Duration = .seconds(3)) -> SessionEngine {
        var configuration = SessionConfiguration()
        configuration.role = role
        configuration.followerWait = wait
        let client = HTTPClient(baseURL: FakeWoteServer.baseURL, transport: server.transport)
        return SessionEngine(client: client, storage: storage, clock: clock.clock, configuration: configuration)
    }

    /// What happened first: the follower asked a leader ("asked") or had its token ("answered").
    enum First: Equatable { case asked, answered }

    @Test func f5_aFollowerWithNoActiveLeader_refreshesAtOnce_withoutWaiting() async throws {
        let storage = InMemoryTokenStorage(session: StoredSession(tokens: server.issuePair(), profileCompleted: true))
        let follower = engine(on: storage, role: .follower, wait: .seconds(3))
        _ = await follower.restore()
        clock.advance(by: .seconds(3600))
        let started = clock.clock.uptime()
        let (firsts, first) = AsyncStream.makeStream(of: First.self)
        let asking = storage.inProcessWantedNotices.observe { first.yield(.asked) }
        defer { asking?.cancel() }

        let token = Task {
            let token = try await follower.validAccessToken()
            first.yield(.answered)
            return token
        }
        var what = firsts.makeAsyncIterator()
        let happened = await what.next()
        #expect(happened == .answered, "the follower asked for a leader none is there to answer")
        if happened == .asked { clock.advance(by: .seconds(3)) }  // lets the old follower end its wait
        let answer = try await token.value

        #expect(server.refreshCount == 1)
        #expect(answer == server.issuedPairs.last?.accessToken)
        #expect(clock.clock.uptime() == started, "the follower waited on its clock")
        #expect(try await storage.load()?.tokens.accessToken == answer)
    }

    @Test func f5_withAnActiveLeader_theFollowerMakesNoRefreshOfItsOwn() async throws {
        let storage = InMemoryTokenStorage(session: StoredSession(tokens: server.issuePair(), profileCompleted: true))
        let leader = engine(on: storage, role: .leader)
        let follower = engine(on: storage, role: .follower, wait: .seconds(3600))
        _ = await leader.restore()
        _ = await follower.restore()
        #expect(storage.inProcessLeaderPresence.isLeaderActive())
        clock.advance(by: .seconds(3600))
        let leaderEvents = leader.events()

        // The follower's wait is an hour on a clock that stands still: only the leader can answer.
        let token = try await follower.validAccessToken()

        // One refresh call, and it was the leader's (its first word on the pair was its own refresh).
        #expect(server.refreshCount == 1)
        var leaderRefreshed = false
        for await event in leaderEvents {
            if case .refreshStarted = event { leaderRefreshed = true }
            if case .tokensRefreshed = event { break }
        }
        #expect(leaderRefreshed)
        let leaders = await leader.snapshot().tokens
        #expect(token == leaders?.accessToken)
        #expect(await follower.snapshot().tokens == leaders)
    }

    @Test func f5_theLeaderResignsMidWait_theFollowerRefreshesItself() async throws {
        let storage = InMemoryTokenStorage(session: StoredSession(tokens: server.issuePair(), profileCompleted: true))
        // A leader that is active, then resigns (the app goes to the background) without answering.
        let leader = storage.inProcessLeaderPresence.publish()
        let follower = engine(on: storage, role: .follower, wait: .seconds(3600))
        _ = await follower.restore()
        clock.advance(by: .seconds(3600))
        let (asked, asking) = AsyncStream.makeStream(of: Void.self)
        let observation = storage.inProcessWantedNotices.observe { asking.yield() }
        defer { observation?.cancel() }

        let token = Task { try await follower.validAccessToken() }
        var questions = asked.makeAsyncIterator()
        _ = await questions.next()  // the follower asked, and waits for the active leader
        #expect(server.refreshCount == 0)
        leader?.cancel()  // resigns: the follower stops waiting (its hour on a still clock is not over)
        let answer = try await token.value

        #expect(server.refreshCount == 1)
        #expect(answer == server.issuedPairs.last?.accessToken)
        #expect(try await storage.load()?.tokens.accessToken == answer)
    }

    typealias Fixture = SessionStateMachineSessionTests

    @Test func f5_theMachine_waitsOnlyForAnActiveLeader() {
        let machine = Fixture.signedIn()  // holds pair "a"
        func wait(leaderActive: Bool, over: Bool = false) -> SessionStateMachine.FollowerWait {
            machine.followerWait(
                held: Fixture.pair("a"), flightGeneration: machine.generation, noticePending: false, now: Fixture.now,
                leeway: 60, leaderActive: leaderActive, waitOver: over)
        }
        #expect(wait(leaderActive: true) == .keepWaiting)
        #expect(wait(leaderActive: false) == .refreshUnderLock)
        #expect(wait(leaderActive: true, over: true) == .refreshUnderLock)
    }
}
