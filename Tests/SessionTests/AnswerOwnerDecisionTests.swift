import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// Whose an answer is, decided by the machine (`SessionStateMachine+Answer.swift`) with no engine
/// and no network: a late answer belongs to nobody unless its endpoint's answer outlives its
/// session, and another stack's answer changes the session only while its token is the current one.
@Suite struct AnswerOwnerDecisionTests {
    typealias Machine = SessionStateMachine
    typealias Fixture = SessionStateMachineSessionTests

    // MARK: - A late answer

    /// An answer arriving in the generation it was sent in is settled; one arriving after its
    /// session ended belongs to nobody, unless the endpoint's answer outlives its session.
    @Test func aLateAnswer_belongsToNobody_unlessItOutlivesItsSession() {
        for outlives in [false, true] {
            #expect(Machine.answerArrived(sentIn: 3, current: 3, outlivesItsSession: outlives) == .settle)
        }
        #expect(Machine.answerArrived(sentIn: 3, current: 4, outlivesItsSession: false) == .answerBelongsToNobody)
        #expect(Machine.answerArrived(sentIn: 3, current: 5, outlivesItsSession: true) == .answerToCaller)
    }

    // MARK: - Another stack's answer

    /// Another stack's answer is settled with the session's profile state only while the call went
    /// with the session's current access token; a replaced token, another session's or none
    /// changes nothing.
    @Test func anotherStacksAnswer_isSettled_onlyForTheCurrentAccessToken() {
        let session = StoredSession(tokens: Fixture.pair("a"), profileCompleted: false)
        #expect(Machine.callAnswer(toCallWith: "a-access", session: session) == .settle(profileCompleted: false))
        var completed = session
        completed.profileCompleted = true
        #expect(Machine.callAnswer(toCallWith: "a-access", session: completed) == .settle(profileCompleted: true))
        #expect(Machine.callAnswer(toCallWith: "old-access", session: session) == .changesNothing)
        #expect(Machine.callAnswer(toCallWith: "a-refresh", session: session) == .changesNothing)
        #expect(Machine.callAnswer(toCallWith: "a-access", session: nil) == .changesNothing)
    }

    /// A verdict in another stack's answer ends the session only while the call's token is still
    /// its access token (a refresh may have replaced it while the verdict came to the actor),
    /// whatever the generation; a request's verdict only while the request's session is current.
    @Test func aVerdict_endsTheSession_onlyForItsOwner() throws {
        var machine = Fixture.signedIn()
        let issued = machine.generation
        #expect(machine.verdictEnds(for: .request(issuedIn: issued)))
        #expect(!machine.verdictEnds(for: .request(issuedIn: issued &- 1)))
        #expect(machine.verdictEnds(for: .call(token: "a-access", issuedIn: issued)))
        #expect(machine.verdictEnds(for: .call(token: "a-access", issuedIn: issued &- 1)))
        #expect(!machine.verdictEnds(for: .call(token: "old-access", issuedIn: issued)))

        // A refresh replaces the pair within the same session (and generation).
        let sent = try #require(machine.session)
        _ = machine.refreshRotated(
            sent, to: Fixture.pair("b"), receivedAt: Fixture.now, dateHeader: nil, origin: Fixture.origin)
        #expect(machine.generation == issued)
        #expect(!machine.verdictEnds(for: .call(token: "a-access", issuedIn: issued)))
        #expect(machine.verdictEnds(for: .call(token: "b-access", issuedIn: issued)))

        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(!machine.verdictEnds(for: .request(issuedIn: issued)))
        #expect(!machine.verdictEnds(for: .request(issuedIn: machine.generation)))
        #expect(!machine.verdictEnds(for: .call(token: "b-access", issuedIn: issued)))
    }

    /// The generation an owner names is the one it was issued under.
    @Test func anOwner_namesItsGeneration() {
        #expect(Machine.AnswerOwner.request(issuedIn: 7).generation == 7)
        #expect(Machine.AnswerOwner.call(token: "a-access", issuedIn: 9).generation == 9)
    }
}
