import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

/// One order for every session end: the store is written before any request that waited for the
/// session hears that it ended (issue 24, item 8). Each test holds the store's removal and records
/// what the store held at the moment the waiting request got its answer.
@Suite(.timeLimit(.minutes(1)))
struct SessionEndOrderTests {
    /// The explicit ends, each as the engine is asked for it.
    enum ExplicitEnd: String, CaseIterable, CustomTestStringConvertible {
        case logout, withdrawal, appleCredentialRevocation, wipe

        var testDescription: String { rawValue }

        var reason: SignOutReason {
            switch self {
            case .logout, .wipe: .loggedOut
            case .withdrawal: .withdrawn
            case .appleCredentialRevocation: .appleCredentialRevoked
            }
        }

        func run(on engine: SessionEngine) async throws {
            switch self {
            case .logout, .withdrawal: try await engine.end(reason: reason)
            case .appleCredentialRevocation:
                _ = try await engine.end(reason: .appleCredentialRevoked, ifAppleUserIs: SessionEndOrderTests.appleUser)
            case .wipe: try await engine.wipeStoredSession()
            }
        }
    }

    static let appleUser = "apple-user-1"

    /// A request waiting for a held refresh hears of an explicit end only once the store is empty;
    /// the end does not wait for the held refresh. Before, the end failed the waiter at once, and
    /// its store write waited behind the refresh (this test then never got past the held removal).
    /// The model's counterexample for "end order" (trails `today-end-order-logout` and
    /// `today-end-order-withdrawal`).
    @Test(
        "Model trails today-end-order-*: a request waiting for a refresh hears of an end once the store is empty",
        arguments: ExplicitEnd.allCases)
    func explicitEnd_theRequestWaitingForARefresh_hearsOfIt_onlyOnceTheStoreIsEmpty(_ end: ExplicitEnd) async throws {
        let (fixture, storage, engine) = try await Self.signedInEngineWithExpiredAccessToken()
        let refreshGate = fixture.holdRefreshes()
        let storeWhenAnswered = Locked<[StoredSession?]>([])
        let request = Self.profileRequest(on: engine, recording: storage, into: storeWhenAnswered)
        // The request started the refresh: it waits for it from the moment the refresh reaches the server.
        await refreshGate.waitForArrivals()
        storage.holdNext(.write)

        let ending = Task { try await end.run(on: engine) }
        await storage.arrived.wait()
        #expect(storeWhenAnswered.current.isEmpty)
        await storage.release.open()
        try await ending.value
        let result = await request.value

        #expect(storeWhenAnswered.current == [nil])
        #expect(throws: APIError.session(end.reason.errorWhenMissing)) { try result.get() }
        #expect(await engine.snapshot().state == .signedOut(end.reason))
        #expect(fixture.server.requests(path: EngineFixture.profile.path).isEmpty)
        refreshGate.open()
    }

    /// A request that starts while an end's store write runs finds no session, and hears so only
    /// once the write is done. Before, it failed at once, while the store still held the tokens.
    @Test(arguments: ExplicitEnd.allCases)
    func explicitEnd_aRequestStartingDuringTheStoreWrite_hearsOfIt_onlyOnceTheStoreIsEmpty(_ end: ExplicitEnd)
        async throws
    {
        let (fixture, storage, engine) = try await Self.signedInEngine(accessLifetime: 600)
        storage.holdNext(.write)
        let ending = Task { try await end.run(on: engine) }
        await storage.arrived.wait()

        let storeWhenAnswered = Locked<[StoredSession?]>([])
        let request = Self.profileRequest(on: engine, recording: storage, into: storeWhenAnswered)
        let token = Task { () -> WoteError? in
            do throws(WoteError) {
                _ = try await engine.validAccessToken()
                return nil
            } catch {
                storeWhenAnswered.withLock { $0.append(storage.inner.session) }
                return error
            }
        }
        // Each finds the session gone either while the end's write runs (then it waits for it: the
        // order is `SessionStateMachineTests.aRequestFindingTheSessionGone_waitsUntilEveryEndIsStored`)
        // or after it; either way it hears of the end only once the store is empty.
        #expect(storeWhenAnswered.current.isEmpty)
        await storage.release.open()
        try await ending.value

        let result = await request.value
        #expect(throws: APIError.session(end.reason.errorWhenMissing)) { try result.get() }
        #expect(await token.value == end.reason.errorWhenMissing)
        #expect(storeWhenAnswered.current == [nil, nil])
        #expect(fixture.server.requests(path: EngineFixture.profile.path).isEmpty)
    }

    /// A protected request answered E018 (banned) while another request waits for a refresh ends
    /// the session; the waiting request hears so only once the store is empty. Before, ending the
    /// session in memory woke it at once, while the store still held the tokens.
    @Test func serverVerdict_whileAnotherRequestWaitsForARefresh_isHeardOnlyOnceTheStoreIsEmpty() async throws {
        let fixture = EngineFixture(accessLifetime: 600)
        let verdictPath = CallGate()
        fixture.server.inject(.hold(verdictPath), on: "/api/posts")
        let storage = HeldStorage()
        let engine = fixture.makeEngine(storage: storage)
        let pair = fixture.server.issuePair()
        _ = try await engine.begin(StoredSession(tokens: pair, profileCompleted: true), persist: true)
        // The verdict's request is on the wire first, with the valid token.
        let verdict = Task { () throws(APIError) -> Int in
            try await engine.send(Endpoint(method: .get, path: "/api/posts", authorization: .bearer)).status
        }
        await verdictPath.waitForArrivals()
        // Then the server rejects the token for another request, which waits for the held refresh.
        let refreshGate = fixture.holdRefreshes()
        fixture.server.expireAccessTokens()
        let storeWhenAnswered = Locked<[StoredSession?]>([])
        let waiting = Self.profileRequest(on: engine, recording: storage, into: storeWhenAnswered)
        // The request started the refresh: it waits for it from the moment the refresh reaches the server.
        await refreshGate.waitForArrivals()
        storage.holdNext(.write)
        // The member is banned before the server looks at the verdict's request: 403 E018.
        fixture.server.ban(FakeWoteServer.defaultMember)

        verdictPath.open()
        await storage.arrived.wait()
        #expect(storeWhenAnswered.current.isEmpty)
        await storage.release.open()
        let verdictStatus = try await verdict.value
        let result = await waiting.value

        #expect(verdictStatus == 403)
        #expect(storeWhenAnswered.current == [nil])
        #expect(throws: APIError.session(.banned)) { try result.get() }
        #expect(await engine.snapshot().state == .signedOut(.banned))
        refreshGate.open()
    }

    // MARK: - Fixtures

    /// A profile request on `engine` that records what `storage` holds when it gets its answer.
    static func profileRequest(
        on engine: SessionEngine, recording storage: HeldStorage, into record: Locked<[StoredSession?]>
    ) -> Task<Result<Int, APIError>, Never> {
        Task {
            let result: Result<Int, APIError>
            do throws(APIError) {
                result = .success(try await engine.send(EngineFixture.profile).status)
            } catch {
                result = .failure(error)
            }
            record.withLock { $0.append(storage.inner.session) }
            return result
        }
    }

    /// A persistent session of an Apple user, over a ``HeldStorage``.
    static func signedInEngine(accessLifetime: TimeInterval) async throws -> (
        EngineFixture, HeldStorage, SessionEngine
    ) {
        let fixture = EngineFixture(accessLifetime: accessLifetime)
        let storage = HeldStorage()
        let engine = fixture.makeEngine(storage: storage)
        _ = try await engine.begin(
            StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true, appleUserID: appleUser),
            persist: true)
        return (fixture, storage, engine)
    }

    /// ``signedInEngine(accessLifetime:)`` with a 60-s access token that has just expired.
    static func signedInEngineWithExpiredAccessToken() async throws -> (EngineFixture, HeldStorage, SessionEngine) {
        let (fixture, storage, engine) = try await signedInEngine(accessLifetime: 60)
        fixture.clock.advance(by: .seconds(61))
        return (fixture, storage, engine)
    }
}
