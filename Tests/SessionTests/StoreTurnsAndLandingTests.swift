import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

/// Issue 33 items 3, 4 and 5, driven on their own: which stores share one line of turns in a
/// process, the removal a store owes after refusing a logout's, and a refresh that a logout lets
/// land, event by event in the state machine.
@Suite struct StoreTurnsAndLandingTests {
    typealias Machine = SessionStateMachine

    static func signedIn() -> Machine {
        var machine = Machine()
        _ = machine.sessionBegan(failingWaitersWith: .notSignedIn)
        return machine
    }

    static let rotated = TokenPair(
        accessToken: "access-2", refreshToken: "refresh-2", accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
        receivedAt: Date(timeIntervalSince1970: 0))

    // MARK: - One store, one line of turns

    @Test func oneStoreObject_isOneLine_andTwoObjectsAreTwo() {
        let store = TestTokenStorage()
        #expect(StoreTurns.key(of: store) != nil)
        #expect(StoreTurns.key(of: store) == StoreTurns.key(of: store))
        #expect(StoreTurns.key(of: store) != StoreTurns.key(of: TestTokenStorage()))
    }

    @Test func twoKeychainStoresOverOneItem_areOneLine_andAnotherItemIsAnother() {
        let calls = KeychainCalls(
            add: { _ in .success }, copyMatching: { _ in .init(status: .itemNotFound, data: nil) },
            update: { _, _ in .success }, delete: { _ in .success })
        let first = KeychainTokenStorage(service: "svc", account: "acct", calls: calls)
        let second = KeychainTokenStorage(service: "svc", account: "acct", calls: calls)
        let other = KeychainTokenStorage(service: "svc", account: "other", calls: calls)
        #expect(StoreTurns.key(of: first) == StoreTurns.key(of: second))
        #expect(StoreTurns.key(of: first) != StoreTurns.key(of: other))
    }

    @Test func aSecondTaker_waitsForTheTurn_andGetsItWhenGivenBack() async {
        let turns = StoreTurns()
        let key = StoreTurns.Key.instance(ObjectIdentifier(TestTokenStorage()))
        #expect(await turns.take(key, waitingAtMost: .seconds(30)))
        let taken = Locked(false)
        let second = Task {
            let got = await turns.take(key, waitingAtMost: .seconds(30))
            taken.withLock { $0 = got }
            return got
        }
        // It cannot get the turn while the first holds it, so this gives up after its limit.
        _ = await yieldUntil(limit: 2_000) { taken.current }
        #expect(!taken.current)
        turns.give(key)
        #expect(await second.value)
        turns.give(key)
    }

    @Test func aTakerThatWaitsTooLong_getsNoTurn() async {
        let turns = StoreTurns()
        let key = StoreTurns.Key.instance(ObjectIdentifier(TestTokenStorage()))
        #expect(await turns.take(key, waitingAtMost: .seconds(30)))
        #expect(await !turns.take(key, waitingAtMost: .milliseconds(10)))
        turns.give(key)
        #expect(await turns.take(key, waitingAtMost: .milliseconds(10)))
        turns.give(key)
    }

    // MARK: - A removal the store refused is owed by the store, for every engine on it

    @Test func aRefusedRemoval_isOwedByTheStore_untilSettled_andDiesWithTheStoreObject() {
        let turns = StoreTurns()
        var store: TestTokenStorage? = TestTokenStorage()
        let key = StoreTurns.key(of: store!)!
        #expect(!turns.owesRemoval(key))
        turns.setOwesRemoval(true, key, of: store!)
        #expect(turns.owesRemoval(key))
        turns.setOwesRemoval(false, key, of: store!)
        #expect(!turns.owesRemoval(key))
        turns.setOwesRemoval(true, key, of: store!)
        store = nil
        // Another object may come to have the freed one's identity: it owes nothing.
        #expect(!turns.owesRemoval(key))
    }

    @Test func anOwedRemoval_removesThisOriginsSession_andIsSettledByAnEmptyStoreOrAnotherOrigins() {
        let ours = Self.session("1", receivedAt: 100)
        var legacy = ours
        legacy.origin = nil
        var foreign = ours
        foreign.origin = "https://other.example:443"
        #expect(Machine.owedRemoval(of: ours, origin: Self.origin) == .remove)
        #expect(Machine.owedRemoval(of: legacy, origin: Self.origin) == .remove)
        #expect(Machine.owedRemoval(of: foreign, origin: Self.origin) == .nothingLeft)
        #expect(Machine.owedRemoval(of: nil, origin: Self.origin) == .nothingLeft)
    }

    // MARK: - A logout lets the refresh under way land

    @Test func aLogoutDuringARefresh_waitsForItsAnswer_andTakesThePairTheServerRotatedTo() throws {
        var machine = Self.signedIn()
        let request = machine.refreshWanted(trigger: .proactive)
        guard case .startRefreshCall(let flight) = try #require(request.start) else {
            Issue.record("no call started")
            return
        }
        let letLand = machine.letRefreshLand()
        let landing = try #require(letLand)
        #expect(landing == flight.id)
        let ended = machine.sessionEnded(failingWaitersWith: .notSignedIn, cancellingRefresh: false)
        #expect(ended.actions.isEmpty)  // the call goes on
        let waiting = machine.waitForLanding(landing)
        let waiter = try #require(waiting)

        machine.abandonedRefreshAnswered(flightGeneration: flight.generation, .renewed(Self.rotated))
        let finished = machine.refreshFinished(flight: flight.id, outcome: .failed(.session(.notSignedIn)))

        #expect(finished == [.resumeLandingWaiter(waiter)])
        #expect(machine.waitForLanding(landing) == nil)
        #expect(machine.takeLanding(landing) == Self.rotated)
        #expect(machine.landings.isEmpty)
        // The request that started the refresh hears of the end once it is stored, not of the pair.
        let stored = machine.endingStored(ended.ending)
        #expect(stored.contains(.resumeRefreshWaiter(request.waiter, .failed(.session(.notSignedIn)))))
    }

    @Test func aRefreshThatGotNoPair_landsNothing_andALogoutWithoutARefreshWaitsForNone() throws {
        var machine = Self.signedIn()
        #expect(machine.letRefreshLand() == nil)
        let request = machine.refreshWanted(trigger: .reactive)
        guard case .startRefreshCall(let flight) = try #require(request.start) else {
            Issue.record("no call started")
            return
        }
        let letLand = machine.letRefreshLand()
        let landing = try #require(letLand)
        _ = machine.sessionEnded(failingWaitersWith: .notSignedIn, cancellingRefresh: false)
        machine.abandonedRefreshAnswered(
            flightGeneration: flight.generation, .invalid(.sessionExpired))
        _ = machine.refreshFinished(flight: flight.id, outcome: .failed(.session(.notSignedIn)))

        #expect(machine.waitForLanding(landing) == nil)
        #expect(machine.takeLanding(landing) == nil)
    }

    @Test func anAnswerOfAnotherGeneration_isNotTheLogoutsPair() throws {
        var machine = Self.signedIn()
        let request = machine.refreshWanted(trigger: .reactive)
        guard case .startRefreshCall(let flight) = try #require(request.start) else {
            Issue.record("no call started")
            return
        }
        let letLand = machine.letRefreshLand()
        let landing = try #require(letLand)
        _ = machine.sessionEnded(failingWaitersWith: .notSignedIn, cancellingRefresh: false)
        machine.abandonedRefreshAnswered(flightGeneration: flight.generation + 1, .renewed(Self.rotated))
        _ = machine.refreshFinished(flight: flight.id, outcome: .failed(.session(.notSignedIn)))

        #expect(machine.takeLanding(landing) == nil)
    }

    // MARK: - Which pair a logout tells the server with

    static let origin = "https://api.wote.test:443"

    static func session(_ name: String, receivedAt seconds: TimeInterval) -> StoredSession {
        StoredSession(
            tokens: TokenPair(
                accessToken: "access-\(name)", refreshToken: "refresh-\(name)",
                accessTokenExpiresAt: Date(timeIntervalSince1970: seconds + 600), refreshTokenExpiresAt: nil,
                receivedAt: Date(timeIntervalSince1970: seconds)),
            profileCompleted: true, origin: origin, receivedAt: Date(timeIntervalSince1970: seconds))
    }

    @Test func theLandedPair_goesBeforeTheEndedOne_andTheSpentPairInTheStoreIsNeverUsed() {
        let ending = Self.session("1", receivedAt: 100)
        let chosen = Machine.logoutSession(
            ending: ending, landed: Self.rotated, stored: ending, origin: Self.origin)
        #expect(chosen?.tokens == Self.rotated)
    }

    @Test func aPairTheStoreStillHolds_thatMemoryReplaced_isNotUsed() {
        // A refresh rotated pair 1 to pair 2 but the store refused it: it still holds pair 1.
        let stale = Self.session("1", receivedAt: 100)
        let memory = Self.session("2", receivedAt: 200)
        let chosen = Machine.logoutSession(ending: memory, landed: nil, stored: stale, origin: Self.origin)
        #expect(chosen == memory)
    }

    @Test func aNewerPairAnotherProcessStored_isUsed_butNotAnotherOrigins() {
        let memory = Self.session("1", receivedAt: 100)
        let newer = Self.session("2", receivedAt: 200)
        #expect(Machine.logoutSession(ending: memory, landed: nil, stored: newer, origin: Self.origin) == newer)
        var foreign = newer
        foreign.origin = "https://other.example:443"
        #expect(Machine.logoutSession(ending: memory, landed: nil, stored: foreign, origin: Self.origin) == memory)
        #expect(Machine.logoutSession(ending: memory, landed: nil, stored: nil, origin: Self.origin) == memory)
    }

    @Test func anEmptyStore_meansTheSessionEndedElsewhere_andNoPairIsTheLogouts() {
        let memory = Self.session("1", receivedAt: 100)
        let chosen = Machine.logoutSession(
            ending: memory, landed: Self.rotated, stored: nil, storeEmpty: true, origin: Self.origin)
        #expect(chosen == nil)
    }
}
