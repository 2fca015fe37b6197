import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// Whether a refresh answer makes the engine send the same refresh token again, decided by the
/// machine (`SessionStateMachine+LostAnswer.swift`) with no engine and no network; and which ends
/// the engine records.
@Suite struct LostAnswerDecisionTests {
    typealias Machine = SessionStateMachine
    typealias Fixture = SessionStateMachineSessionTests

    /// Only a passing failure whose 429 or 503 asks to call again later is sent again, after the
    /// time it asks for; any other answer is the refresh's, whatever its headers say.
    @Test func onlyAPassingFailureThatAsksForLater_isSentAgain() {
        let passing = RefreshAnswer.transient(.timeout)
        #expect(Machine.sendsAgain(after: passing, status: 429, header: "7") == .seconds(7))
        #expect(Machine.sendsAgain(after: passing, status: 503, header: " 0 ") == .seconds(0))
        #expect(Machine.sendsAgain(after: passing, status: 500, header: "7") == nil)
        #expect(Machine.sendsAgain(after: passing, status: 429, header: nil) == nil)
        #expect(Machine.sendsAgain(after: passing, status: 429, header: "soon") == nil)
        #expect(Machine.sendsAgain(after: .renewed(Fixture.pair("b")), status: 429, header: "7") == nil)
        #expect(Machine.sendsAgain(after: .invalid(.sessionExpired), status: 503, header: "7") == nil)
    }

    /// An end is recorded beside the store only when it ended a session.
    @Test func anEnd_isRecorded_onlyWhenItEndedASession() {
        var machine = Fixture.signedIn()
        #expect(machine.endSession(.loggedOut, cancellingRefresh: true).isRecorded)
        #expect(!machine.endSession(.loggedOut, cancellingRefresh: true).isRecorded)
        var empty = Machine()
        #expect(!empty.endSession(.withdrawn, cancellingRefresh: true).isRecorded)
    }
}
