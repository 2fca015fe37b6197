import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 33, review #11, through the public API: a withdrawal belongs to the session it was asked
/// for. It never ends a session that began while its call was on the wire, and an account the
/// server deleted is reported as withdrawn even when a logout ended the local session meanwhile.
@Suite(.timeLimit(.minutes(1)))
struct WithdrawalRaceTests {
    static let baseURL = URL(string: "https://api.wote.test")!

    /// A server whose withdrawal call waits at `gate`, then answers `withdrawal`; logout answers 200.
    struct Harness {
        let gate = CallGate()
        let stub: StubTransport
        let storage = TestTokenStorage()
        let clock = TestClock()
        let wote: WoteClient

        init(withdrawal: StubTransport.Reply) {
            let gate = gate
            stub = StubTransport { request in
                switch request.url?.path {
                case "/api/members":
                    await gate.pass()
                    return withdrawal
                case "/api/auth/logout":
                    return .json(200, #"{"status":200,"message":"logout success."}"#)
                default:
                    return .json(200, #"{"status":200,"message":"SUCCESS","data":{}}"#)
                }
            }
            wote = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: WithdrawalRaceTests.baseURL, storage: storage, transport: stub.transport,
                    clock: clock.clock))
        }

        func pair(_ member: String) -> TokenPair {
            let now = clock.now
            return TokenPair(
                accessToken: "acc-SECRET-\(member)-5e1f0c9a7b", refreshToken: "ref-SECRET-\(member)-3d8b6a2e4c",
                accessTokenExpiresAt: now.addingTimeInterval(3600),
                refreshTokenExpiresAt: now.addingTimeInterval(86400),
                receivedAt: now)
        }
    }

    /// (a) A's withdrawal call fails in transport after A logged out and B signed in: B stays
    /// signed in, in memory and in the store.
    @Test func withdrawalRace_aFailedWithdrawalOfA_doesNotEndBsSession() async throws {
        let harness = Harness(withdrawal: .failure(.network("connection reset")))
        #expect(try await harness.wote.beginSession(with: harness.pair("A")) == .signedIn)
        let withdrawal = Task { try await harness.wote.withdraw() }
        await harness.gate.waitForArrivals()

        try await harness.wote.logout()
        let b = harness.pair("B")
        #expect(try await harness.wote.beginSession(with: b) == .signedIn)
        harness.gate.open()
        await #expect(throws: WoteError.self) { try await withdrawal.value }

        #expect(await harness.wote.currentSession.state == .signedIn)
        #expect(harness.storage.session?.tokens.accessToken == b.accessToken)
    }

    /// (b) The server deletes the account while a logout ends the local session: `withdraw()`
    /// returns, since the account is gone, which is what the person asked for.
    @Test func withdrawalRace_theServerDeletedTheAccount_duringALogout_isWithdrawnNotNotSignedIn() async throws {
        let harness = Harness(withdrawal: .json(200, #"{"status":200,"message":"withdrawal success."}"#))
        #expect(try await harness.wote.beginSession(with: harness.pair("A")) == .signedIn)
        let withdrawal = Task { try await harness.wote.withdraw() }
        await harness.gate.waitForArrivals()

        try await harness.wote.logout()
        harness.gate.open()

        try await withdrawal.value
        #expect(harness.storage.session == nil)
        #expect(await harness.wote.currentSession.state != .signedIn)
    }
    /// (c) Seed 81 of the randomized session test: the server deletes the account while a logout,
    /// whose removal the store refuses, ends the local session. The withdrawal does not return as if
    /// the session were gone from the device: it tries the owed removal again, and reports the
    /// store's refusal as the logout did.
    @Test func withdrawalRace_aLogoutsRefusedRemoval_isNotReportedAsDone() async throws {
        let harness = Harness(withdrawal: .json(200, #"{"status":200,"message":"withdrawal success."}"#))
        let a = harness.pair("A")
        #expect(try await harness.wote.beginSession(with: a) == .signedIn)
        let withdrawal = Task { try await harness.wote.withdraw() }
        await harness.gate.waitForArrivals()

        harness.storage.failWrites(with: .unavailable("device locked"))
        await #expect(throws: WoteError.self) { try await harness.wote.logout() }
        harness.gate.open()

        let outcome = await withdrawal.result
        guard case .failure(let error) = outcome else {
            Issue.record("withdraw() returned while the store still holds the session")
            return
        }
        #expect((error as? WoteError)?.kind == .storageFailure)
        #expect(harness.storage.session?.tokens.accessToken == a.accessToken)
        #expect(await harness.wote.currentSession.state != .signedIn)
    }

    /// (d) As (c), but the store takes writes again by the time the server answers: the withdrawal
    /// makes the removal the logout owed, and returns with the store empty.
    @Test func withdrawalRace_aLogoutsRefusedRemoval_isMadeByTheWithdrawal() async throws {
        let harness = Harness(withdrawal: .json(200, #"{"status":200,"message":"withdrawal success."}"#))
        #expect(try await harness.wote.beginSession(with: harness.pair("A")) == .signedIn)
        let withdrawal = Task { try await harness.wote.withdraw() }
        await harness.gate.waitForArrivals()

        harness.storage.failWrites(with: .unavailable("device locked"))
        await #expect(throws: WoteError.self) { try await harness.wote.logout() }
        harness.storage.failWrites(with: nil)
        harness.gate.open()

        try await withdrawal.value
        #expect(harness.storage.session == nil)
        #expect(await harness.wote.currentSession.state == .signedOut(.withdrawn))
    }
}
