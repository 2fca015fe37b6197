import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession

/// Issue 31, item 2: a follower (a widget, an extension) never spends the refresh token first. It
/// posts "refresh wanted", waits for the leader's pair and adopts it; only when none comes within
/// its wait does it refresh itself, under the lock. Two engines on one in-memory store stand for two
/// processes (`WatchProcessTests` runs two `wote` processes).
@Suite(.timeLimit(.minutes(1))) struct FollowerRoleTests {
    let clock = TestClock()
    let server: FakeWoteServer

    init() {
        server = FakeWoteServer(clock: clock)
    }

    func engine(on storage: any TokenStorage, role: SessionRole, wait: Duration = .seconds(3600)) -> SessionEngine {
        var configuration = SessionConfiguration()
        configuration.role = role
        configuration.followerWait = wait
        let client = HTTPClient(baseURL: FakeWoteServer.baseURL, transport: server.transport)
        return SessionEngine(client: client, storage: storage, clock: clock.clock, configuration: configuration)
    }

    /// A leader and a follower restored from one store holding a pair whose access token is now due.
    func leaderAndFollower(followerWait: Duration = .seconds(3600)) async -> (
        leader: SessionEngine, follower: SessionEngine, storage: InMemoryTokenStorage
    ) {
        let storage = InMemoryTokenStorage(session: StoredSession(tokens: server.issuePair(), profileCompleted: true))
        let leader = engine(on: storage, role: .leader)
        let follower = engine(on: storage, role: .follower, wait: followerWait)
        _ = await leader.restore()
        _ = await follower.restore()
        clock.advance(by: .seconds(3600))  // both hold the pair: its access token is due in both
        return (leader, follower, storage)
    }

    /// Whether the leader's first word on the pair was its own refresh (`refreshStarted`), not an
    /// adoption of a pair or an end it heard from the follower.
    func leaderRefreshedFirst(_ events: AsyncStream<SessionEvent>) async -> Bool {
        for await event in events {
            switch event {
            case .refreshStarted: return true
            case .tokensRefreshed, .signedOut: return false
            default: continue
            }
        }
        return false
    }

    @Test func aFollowerWhoseTokenIsDue_asksTheLeader_andAdoptsItsPair() async throws {
        let (leader, follower, _) = await leaderAndFollower()
        let spent = await follower.snapshot().tokens
        let leaderEvents = leader.events()

        // The follower's wait is an hour on a clock that stands still: only the leader can answer.
        let token = try await follower.validAccessToken()

        #expect(server.refreshCount == 1)
        #expect(await leaderRefreshedFirst(leaderEvents), "the one refresh call was not the leader's")
        let leaders = await leader.snapshot().tokens
        #expect(leaders != spent)
        #expect(token == leaders?.accessToken)
        #expect(await follower.snapshot().tokens == leaders)
    }

    @Test func aFollowerWhoseLeaderDoesNotAnswer_refreshesItselfAfterItsWait() async throws {
        let storage = InMemoryTokenStorage(session: StoredSession(tokens: server.issuePair(), profileCompleted: true))
        // A leader that says it is active and never answers (F5: with none active, the follower would
        // not wait at all; see FollowerLeaderPresenceTests).
        let silentLeader = storage.inProcessLeaderPresence.publish()
        defer { silentLeader?.cancel() }
        let follower = engine(on: storage, role: .follower, wait: .seconds(3))
        _ = await follower.restore()
        clock.advance(by: .seconds(3600))
        let (asked, asking) = AsyncStream.makeStream(of: Void.self)
        let observation = storage.inProcessWantedNotices.observe { asking.yield() }
        defer { observation?.cancel() }

        let token = Task { try await follower.validAccessToken() }
        var questions = asked.makeAsyncIterator()
        _ = await questions.next()  // the follower asked, and waits
        #expect(server.refreshCount == 0)
        clock.advance(by: .seconds(3))
        let answer = try await token.value

        #expect(server.refreshCount == 1)
        #expect(answer == server.issuedPairs.last?.accessToken)
        #expect(try await storage.load()?.tokens.accessToken == answer)
    }

    @Test func aFollowerWhoseLeaderHearsADeadTokenVerdict_endsToo() async throws {
        let (leader, follower, storage) = await leaderAndFollower()
        server.expireSessions()  // the refresh token is answered E016
        let leaderEvents = leader.events()

        await #expect(throws: WoteError.self) { try await follower.validAccessToken() }

        #expect(server.refreshCount == 1)
        #expect(await leaderRefreshedFirst(leaderEvents), "the one refresh call was not the leader's")
        guard case .signedOut = await leader.snapshot().state else {
            Issue.record("the leader is still signed in")
            return
        }
        guard case .signedOut = await follower.snapshot().state else {
            Issue.record("the follower is still signed in")
            return
        }
        #expect(await follower.snapshot().tokens == nil)
        #expect(try await storage.load() == nil)
    }
}
