import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// What an engine's role decides, by the machine (`SessionStateMachine+Notices.swift`) with no
/// engine and no store: a leader hears its followers' "refresh wanted", a follower with a session
/// asks the leader before it refreshes itself.
@Suite struct FollowerRoleDecisionTests {
    typealias Machine = SessionStateMachine
    typealias Fixture = SessionStateMachineSessionTests

    @Test func onlyALeader_hearsRefreshWanted() {
        #expect(Machine.hearsRefreshWanted(role: .leader))
        #expect(!Machine.hearsRefreshWanted(role: .follower))
    }

    /// A follower with a session asks the leader for a pair newer than the one it holds; a leader
    /// refreshes itself, as does a follower with no session.
    @Test func aFollowerWithASession_asksTheLeader_withThePairItHolds() {
        var machine = Fixture.signedIn(Fixture.pair("a"))
        #expect(machine.leaderQuestion(role: .follower) == .askLeader(held: Fixture.pair("a")))
        #expect(machine.leaderQuestion(role: .leader) == .refreshHere)
        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(machine.leaderQuestion(role: .follower) == .refreshHere)
        #expect(Machine().leaderQuestion(role: .follower) == .refreshHere)
    }
}
