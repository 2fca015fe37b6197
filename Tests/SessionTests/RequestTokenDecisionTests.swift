import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// What a request about to be sent does for its token, decided by the machine
/// (`SessionStateMachine+RequestToken.swift`) with no engine and no actor.
@Suite struct RequestTokenDecisionTests {
    typealias Machine = SessionStateMachine
    static let now = SessionStateMachineSessionTests.now
    static let leeway: TimeInterval = 60

    /// A machine signed in with an access token valid for `lifetime` seconds from `now`.
    static func signedIn(lifetime: TimeInterval = 3600, offset: TimeInterval? = nil) -> Machine {
        var machine = Machine()
        let pair = TokenPair(
            accessToken: "a-access", refreshToken: "a-refresh", accessTokenExpiresAt: now.addingTimeInterval(lifetime),
            refreshTokenExpiresAt: nil, receivedAt: now)
        let (session, _) = Machine.beginning(
            StoredSession(tokens: pair, profileCompleted: false, serverClockOffset: offset), sessionID: "s1",
            origin: SessionStateMachineSessionTests.origin, now: now, persist: true)
        _ = machine.signInStored(session, persist: true, written: true)
        return machine
    }

    @Test func aValidToken_isSent_withItsSessionsProfileState() {
        let machine = Self.signedIn()
        #expect(
            machine.requestToken(issuedIn: machine.generation, deviceNow: Self.now, leeway: Self.leeway)
                == .send(token: "a-access", profileCompleted: false))
    }

    @Test func aRequestOfAnEndedOrEarlierSession_getsNoToken() {
        var machine = Self.signedIn()
        let issued = machine.generation
        _ = machine.sessionBegan(failingWaitersWith: .notSignedIn)
        #expect(machine.requestToken(issuedIn: issued, deviceNow: Self.now, leeway: Self.leeway) == .sessionGone)
        #expect(Machine().requestToken(issuedIn: 0, deviceNow: Self.now, leeway: Self.leeway) == .sessionGone)
    }

    @Test func aRefreshUnderWay_isWaitedFor_unlessTheRequestHasJustWaitedForOne() {
        var machine = Self.signedIn()
        _ = machine.refreshWanted(trigger: .reactive)
        let issued = machine.generation
        #expect(machine.requestToken(issuedIn: issued, deviceNow: Self.now, leeway: Self.leeway) == .joinRefresh)
        #expect(
            machine.requestToken(issuedIn: issued, deviceNow: Self.now, leeway: Self.leeway, joined: true)
                == .send(token: "a-access", profileCompleted: false))
    }

    /// Due on the server's clock (ours is 3,570 s behind it) though not on the device's.
    @Test func aTokenDueWithinTheLeewayOnTheServersClock_isRefreshedFirst() {
        let machine = Self.signedIn(offset: 3570)
        #expect(
            machine.requestToken(issuedIn: machine.generation, deviceNow: Self.now, leeway: Self.leeway)
                == .refreshFirst)
        let onTime = Self.signedIn()
        #expect(
            onTime.requestToken(
                issuedIn: onTime.generation, deviceNow: Self.now.addingTimeInterval(3541), leeway: Self.leeway)
                == .refreshFirst)
    }

    // MARK: - Without entering the engine

    /// The lane hands out the session's token only when nothing needs the engine: a session is
    /// published under the request's generation, no refresh is under way, the store is not behind, every notice was followed and the
    /// token is not due (on the server's clock).
    @Test func theLane_handsOutATokenOnlyWhenNothingNeedsTheEngine() throws {
        let session = try #require(Self.signedIn().session)
        func lane(
            _ session: StoredSession? = session, issuedIn issued: UInt64? = nil, refreshing: Bool = false,
            storeBehind: Bool = false, noticePending: Bool = false, at now: Date = Self.now
        ) -> Machine.LaneToken {
            Machine.laneToken(
                issuedIn: issued, generation: 4, session: session, refreshing: refreshing, storeBehind: storeBehind,
                noticePending: noticePending, deviceNow: now, leeway: Self.leeway)
        }
        // A request issued under the generation the lane shows takes its token; one issued under
        // another (a session began or ended since) asks the engine.
        #expect(lane(issuedIn: 4) == .send(token: "a-access", profileCompleted: false))
        #expect(lane(issuedIn: 3) == .askEngine)
        #expect(lane() == .send(token: "a-access", profileCompleted: false))
        #expect(lane(nil) == .askEngine)
        #expect(lane(refreshing: true) == .askEngine)
        #expect(lane(storeBehind: true) == .askEngine)
        #expect(lane(noticePending: true) == .askEngine)
        #expect(lane(at: Self.now.addingTimeInterval(3541)) == .askEngine)
        #expect(lane(at: Self.now.addingTimeInterval(3539)) == .send(token: "a-access", profileCompleted: false))
        let ahead = try #require(Self.signedIn(offset: 3570).session)
        #expect(lane(ahead) == .askEngine)
    }
}
