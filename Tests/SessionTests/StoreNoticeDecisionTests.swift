import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// How the engine follows a burst of store notices, and what a notice's look for a sign-in
/// elsewhere makes of what it read, decided by the machine (`SessionStateMachine+Notices.swift`)
/// with no engine, no store and no task: the engine makes the passes and resumes the waiters the
/// machine names.
@Suite struct StoreNoticeDecisionTests {
    typealias Machine = SessionStateMachine
    typealias Fixture = SessionStateMachineSessionTests

    // MARK: - A burst of notices

    /// The first notice starts a pass; every notice during it folds into one more pass, however
    /// many there are: a burst costs two reads, not one per write.
    @Test func aBurstOfNotices_costsOneMorePass_notOnePerNotice() {
        var machine = Machine()
        #expect(machine.noticeArrived() == .follow)
        #expect(machine.noticePass.following)
        for _ in 0..<5 { #expect(machine.noticeArrived() == .foldedIntoPass) }
        #expect(machine.noticePassEnded(pending: false) == .followAgain)
        #expect(machine.noticePass.following)
        #expect(!machine.noticePass.again)
        #expect(machine.noticePassEnded(pending: false) == .done([]))
        #expect(machine.noticePass == Machine.NoticePass())
        #expect(machine.noticeArrived() == .follow)
    }

    /// A notice counted off the engine that no pass followed yet (it arrived after the pass read
    /// its count) makes one more pass, even though the machine heard no arrival during the pass.
    @Test func aNoticeStillUnfollowed_makesOneMorePass() {
        var machine = Machine()
        #expect(machine.noticeArrived() == .follow)
        #expect(machine.noticePassEnded(pending: true) == .followAgain)
        #expect(machine.noticePassEnded(pending: false) == .done([]))
        #expect(!machine.noticePass.following)
    }

    /// A token decision goes on when no notice is unfollowed; follows the store itself when one is
    /// and no pass runs; else waits for the pass under way, and is resumed, in order, only once no
    /// notice is left unfollowed.
    @Test func aTokenDecision_goesOn_follows_orWaitsForThePass() throws {
        var machine = Machine()
        #expect(machine.waitForNotices(pending: false) == .goOn)
        #expect(machine.noticePass == Machine.NoticePass())
        #expect(machine.waitForNotices(pending: true) == .follow)
        #expect(machine.noticePass.following)
        // A notice arriving now folds into the pass the waiter started.
        #expect(machine.noticeArrived() == .foldedIntoPass)
        guard case .wait(let first) = machine.waitForNotices(pending: true),
            case .wait(let second) = machine.waitForNotices(pending: true)
        else {
            Issue.record("a decision made during a pass did not wait for it")
            return
        }
        #expect(first != second)
        // While a pass under way is not over, nobody is resumed.
        #expect(machine.noticePassEnded(pending: true) == .followAgain)
        #expect(machine.noticePass.waiters == [first, second])
        #expect(machine.waitForNotices(pending: false) == .goOn)
        #expect(
            machine.noticePassEnded(pending: false)
                == .done([.resumeNoticeWaiter(first), .resumeNoticeWaiter(second)]))
        #expect(machine.noticePass.waiters.isEmpty)
    }

    /// A cancelled waiter is resumed at once, once; the pass then no longer names it.
    @Test func aCancelledWaiter_isResumedAtOnce_andNotAgain() {
        var machine = Machine()
        _ = machine.noticeArrived()
        guard case .wait(let cancelled) = machine.waitForNotices(pending: true),
            case .wait(let staying) = machine.waitForNotices(pending: true)
        else {
            Issue.record("a decision made during a pass did not wait for it")
            return
        }
        #expect(machine.noticeWaiterCancelled(cancelled) == .resumeNoticeWaiter(cancelled))
        #expect(machine.noticeWaiterCancelled(cancelled) == nil)
        #expect(machine.noticePassEnded(pending: false) == .done([.resumeNoticeWaiter(staying)]))
        #expect(machine.noticeWaiterCancelled(staying) == nil)
    }

    // MARK: - A sign-in elsewhere

    /// A notice's look for a sign-in elsewhere restores only when the store held a session; an
    /// empty or unreadable store (read as `nil`) restores nothing.
    @Test func aLookForASignInElsewhere_restores_onlyWhenTheStoreHoldsASession() {
        let stored = StoredSession(
            tokens: Fixture.pair("b"), profileCompleted: true, origin: Fixture.origin, sessionID: "s2")
        #expect(Machine.noticeRestores(found: stored))
        #expect(!Machine.noticeRestores(found: nil))
    }
}
