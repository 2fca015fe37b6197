import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// The decisions the engine's store writes and reads used to make in the actor, driven directly
/// on the machine (`SessionStateMachine+Store.swift`, `SessionStateMachine+Refresh.swift`).
@Suite struct SessionStateMachineStoreTests {
    typealias Machine = SessionStateMachine
    typealias Fixture = SessionStateMachineSessionTests

    static let origin = Fixture.origin

    static func stored(_ name: String, origin: String? = Self.origin, id: String? = "s1") -> StoredSession {
        StoredSession(tokens: Fixture.pair(name), profileCompleted: true, origin: origin, sessionID: id)
    }

    // MARK: - Writing memory to the store

    /// Every change of the store makes an owed removal first, whichever engine owes it, and only then.
    @Test func aStoreChange_makesTheOwedRemovalFirst_onlyWhenOneIsOwed() {
        #expect(Machine.storeChangeTurn(removalPending: true) == .removeOwedFirst)
        #expect(Machine.storeChangeTurn(removalPending: false) == .change)
    }

    /// A persistent session is saved; without one, an end's removal spares another origin's session
    /// unless a sign-in or a wipe replaces it.
    @Test func memoryWrite_savesAPersistentSession_elseRemoves() {
        var machine = Fixture.signedIn()
        #expect(machine.memoryWrite(replacingOtherOrigins: false) == .save)
        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(machine.memoryWrite(replacingOtherOrigins: false) == .removeUnlessAnotherOrigins)
        #expect(machine.memoryWrite(replacingOtherOrigins: true) == .remove)
    }

    /// An end's removal leaves another origin's session and another session of this origin; it
    /// removes the ended session, and an empty or unreadable store is removed all the same.
    @Test func removalLeaves_otherOriginsAndOtherSessions_only() {
        #expect(
            Machine.removalLeaves(
                Self.stored("a", origin: "https://other.test"), endedSessionID: "s1", origin: Self.origin))
        #expect(Machine.removalLeaves(Self.stored("b", id: "s2"), endedSessionID: "s1", origin: Self.origin))
        #expect(!Machine.removalLeaves(Self.stored("a"), endedSessionID: "s1", origin: Self.origin))
        #expect(!Machine.removalLeaves(Self.stored("a", origin: nil), endedSessionID: "s1", origin: Self.origin))
        #expect(!Machine.removalLeaves(nil, endedSessionID: "s1", origin: Self.origin))
        // An end that knows no session id removes this origin's session, whichever it is.
        #expect(!Machine.removalLeaves(Self.stored("b", id: "s2"), endedSessionID: nil, origin: Self.origin))
    }

    /// A refused write owes the removal only when it was an end's (no session in memory).
    @Test func aRefusedWrite_owesTheRemoval_onlyWithoutASession() {
        var machine = Fixture.signedIn()
        #expect(!machine.refusedWriteOwesRemoval)
        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(machine.refusedWriteOwesRemoval)
    }

    /// A refused refresh token takes the stored session with it only while the store still holds
    /// this origin's session with that token.
    @Test func aSpentPair_isRemoved_onlyWhileTheStoreHoldsIt() {
        let spent = Fixture.pair("a")
        #expect(Machine.removesSpentPair(Self.stored("a"), spent: spent, origin: Self.origin))
        #expect(Machine.removesSpentPair(Self.stored("a", origin: nil), spent: spent, origin: Self.origin))
        #expect(!Machine.removesSpentPair(Self.stored("a2"), spent: spent, origin: Self.origin))
        #expect(
            !Machine.removesSpentPair(Self.stored("a", origin: "https://other.test"), spent: spent, origin: Self.origin)
        )
        #expect(!Machine.removesSpentPair(nil, spent: spent, origin: Self.origin))
    }

    // MARK: - A store behind memory

    /// A store that refused the refreshed pair is written again once per interval, while a
    /// persistent session is in memory; without one it is no longer behind.
    @Test func aStoreBehind_isWrittenAgain_oncePerInterval_whileASessionIsKept() {
        var machine = Fixture.signedIn()
        let interval = Duration.seconds(5)
        #expect(machine.storeCatchUp(behindSince: nil, now: .seconds(100), interval: interval) == .notDue)
        #expect(machine.storeCatchUp(behindSince: .seconds(96), now: .seconds(100), interval: interval) == .notDue)
        #expect(machine.storeCatchUp(behindSince: .seconds(95), now: .seconds(100), interval: interval) == .writeAgain)
        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(machine.storeCatchUp(behindSince: .seconds(95), now: .seconds(100), interval: interval) == .settled)
        #expect(machine.storeCatchUp(behindSince: .seconds(99), now: .seconds(100), interval: interval) == .notDue)
    }

    /// Only a store re-read that finds memory current is written; one that moved on, or a session
    /// that ended meanwhile, writes nothing.
    @Test func aCatchUp_writes_onlyWhenMemoryIsCurrent() {
        #expect(Machine.catchUpWrites(after: .current))
        for reading: StoreReading in [.adopted, .endedElsewhere, .replacedByOtherOrigin, .replacedBySignIn, .overtaken]
        {
            #expect(!Machine.catchUpWrites(after: reading))
        }
    }

    // MARK: - A restore

    /// A restore makes an owed removal first (while no session began meanwhile), else waits for the
    /// store queue; it removes a spent pair only while nobody signed in meanwhile.
    @Test func aRestore_makesTheOwedRemovalFirst_andRemovesASpentPair_onlyWithoutASession() {
        #expect(Machine.restoreTurn(removalPending: true) == .removeOwedFirst)
        #expect(Machine.restoreTurn(removalPending: false) == .waitForQueue)
        var machine = Machine()
        #expect(machine.removesOwedSessionBeforeRestore(removalPending: true))
        #expect(!machine.removesOwedSessionBeforeRestore(removalPending: false))
        #expect(machine.restoreRemovesSpentPair)
        machine = Fixture.signedIn()
        #expect(!machine.removesOwedSessionBeforeRestore(removalPending: true))
        #expect(!machine.restoreRemovesSpentPair)
    }

    /// A restore's refresh that failed is its warning only while the adopted session goes on.
    @Test func aRestoresWarning_isTheRefreshsFailure_whileTheSessionGoesOn() {
        var machine = Fixture.signedIn()
        #expect(machine.restoreWarning(after: .failed(.timeout)) == .timeout)
        #expect(machine.restoreWarning(after: .renewed(Fixture.pair("a2"))) == nil)
        _ = machine.endSession(.sessionExpired, cancellingRefresh: false)
        #expect(machine.restoreWarning(after: .failed(.session(.sessionExpired))) == nil)
    }

    /// A restore reads again only when it found the store unavailable with no session and a
    /// protected-data notice came meanwhile.
    @Test func aRestore_readsAgain_afterANoticeWhileTheStoreWasUnavailable() {
        var machine = Machine()
        _ = machine.restoreRead(
            .failure(.unavailable("locked")), askedIn: machine.generation, removalPending: false, origin: Self.origin,
            now: Fixture.now)
        #expect(machine.restoresAgain(noticesHeardBefore: 1, noticesHeardNow: 2))
        #expect(!machine.restoresAgain(noticesHeardBefore: 2, noticesHeardNow: 2))
        let signedIn = Fixture.signedIn()
        #expect(!signedIn.restoresAgain(noticesHeardBefore: 1, noticesHeardNow: 2))
        #expect(!Machine().restoresAgain(noticesHeardBefore: 1, noticesHeardNow: 2))
    }

    // MARK: - A refresh under the store's lock

    /// The store's reading decides a refresh: an ended session fails it; a fresh pair in memory
    /// (adopted by this read, announced; or by a notice's read meanwhile, not announced) answers it;
    /// otherwise the call goes out.
    @Test func aRefreshAfterReadingTheStore_failsAnswersOrCalls() throws {
        let machine = Fixture.signedIn()
        let held = try #require(machine.session).tokens
        let fresh = Fixture.now
        let late = Fixture.now.addingTimeInterval(3590)
        for gone: StoreReading in [.endedElsewhere, .replacedBySignIn, .overtaken] {
            #expect(
                machine.refreshAfterReading(gone, startedWith: held.accessToken, now: fresh, leeway: 60) == .sessionGone
            )
        }
        #expect(
            machine.refreshAfterReading(.adopted, startedWith: "old", now: fresh, leeway: 60)
                == .answered(held, announcing: true))
        #expect(machine.refreshAfterReading(.adopted, startedWith: "old", now: late, leeway: 60) == .call)
        for kept: StoreReading in [.current, .replacedByOtherOrigin] {
            #expect(
                machine.refreshAfterReading(kept, startedWith: "old", now: fresh, leeway: 60)
                    == .answered(held, announcing: false))
            #expect(machine.refreshAfterReading(kept, startedWith: held.accessToken, now: fresh, leeway: 60) == .call)
            #expect(machine.refreshAfterReading(kept, startedWith: "old", now: late, leeway: 60) == .call)
        }
    }

    /// The leeway before expiry is never more than half the token's lifetime.
    @Test func needsRefresh_withinTheLeeway_atMostHalfTheLifetime() {
        let pair = Fixture.pair("a")  // one hour
        #expect(!Machine.needsRefresh(pair, at: Fixture.now, leeway: 60))
        #expect(Machine.needsRefresh(pair, at: Fixture.now.addingTimeInterval(3540), leeway: 60))
        #expect(!Machine.needsRefresh(pair, at: Fixture.now.addingTimeInterval(3539), leeway: 60))
        #expect(!Machine.needsRefresh(pair, at: Fixture.now.addingTimeInterval(1799), leeway: 7200))
        #expect(Machine.needsRefresh(pair, at: Fixture.now.addingTimeInterval(1800), leeway: 7200))
        let noExpiry = TokenPair(
            accessToken: "x", refreshToken: "y", accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
            accessTokenIssuedAt: Fixture.now)
        #expect(!Machine.needsRefresh(noExpiry, at: Fixture.now.addingTimeInterval(99_999), leeway: 60))
    }

    /// The record of a send goes only after a passing failure the server answered to this send.
    @Test func theSendsRecord_goes_onlyAfterAnAnsweredPassingFailure() {
        #expect(Machine.forgetsSend(after: .transient(.timeout), afterLostSend: false))
        #expect(!Machine.forgetsSend(after: .transient(.timeout), afterLostSend: true))
        #expect(!Machine.forgetsSend(after: .invalid(.sessionExpired), afterLostSend: false))
        #expect(!Machine.forgetsSend(after: .renewed(Fixture.pair("a2")), afterLostSend: false))
    }

    /// An abandoned refresh's answer reaches the store only while it holds the spent pair: the
    /// rotated pair in its place (its send's record gone, received now), or nothing.
    @Test func anAbandonedAnswer_replacesTheSpentPair_only() throws {
        let spent = Fixture.pair("a")
        var stored = Self.stored("a")
        stored.refreshSentAt = Fixture.now
        let later = Fixture.now.addingTimeInterval(5)
        let rotated = Fixture.pair("a2")
        let saved = Machine.abandonedAnswerChange(.save(rotated), stored: stored, spent: spent, now: later)
        guard case .save(let replacement) = saved else {
            Issue.record("not saved: \(String(describing: saved))")
            return
        }
        #expect(replacement.tokens == rotated)
        #expect(replacement.refreshSentAt == nil)
        #expect(replacement.receivedAt == later)
        #expect(replacement.sessionID == stored.sessionID)
        #expect(Machine.abandonedAnswerChange(.remove, stored: stored, spent: spent, now: later) == .remove)
        #expect(Machine.abandonedAnswerChange(.remove, stored: Self.stored("b"), spent: spent, now: later) == nil)
        #expect(Machine.abandonedAnswerChange(.save(rotated), stored: nil, spent: spent, now: later) == nil)
    }

    // MARK: - Ends, notices, followers

    /// An end removes the ending session's id; with none in memory, the owed removal's, only while
    /// one is owed.
    @Test func anEnd_removesTheEndingSession_elseTheOwedOne_whileOwed() {
        let ending = Self.stored("a", id: "A")
        #expect(Machine.endedSessionID(ending: ending, removalPending: true, owedSessionID: "X") == "A")
        #expect(Machine.endedSessionID(ending: nil, removalPending: true, owedSessionID: "X") == "X")
        #expect(Machine.endedSessionID(ending: nil, removalPending: false, owedSessionID: "X") == nil)
    }

    /// An end that finds its session ended by another makes the owed removal only while no session
    /// began since and one is owed.
    @Test func anAskedEnd_settlesTheOwedRemoval_onlyWithoutASession() {
        var machine = Fixture.signedIn()
        #expect(!machine.settlesOwedRemoval(removalPending: true))
        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(machine.settlesOwedRemoval(removalPending: true))
        #expect(!machine.settlesOwedRemoval(removalPending: false))
    }

    /// A notice re-reads the store for a persistent session, ignores it for one kept in memory only,
    /// and otherwise looks for another process's sign-in while signed out with no removal owed.
    @Test func aNotice_rereadsTheStore_orLooksForASignInElsewhere() {
        var machine = Fixture.signedIn()
        let signedIn = machine.generation
        #expect(machine.noticeFollowing(removalPending: false) == .rereadStore)
        #expect(machine.noticeRereads(askedIn: signedIn))
        #expect(!machine.noticeMayRestore(askedIn: signedIn))
        let ended = machine.endSession(.endedElsewhere, cancellingRefresh: false)
        _ = machine.endingStored(ended.id)
        #expect(!machine.noticeRereads(askedIn: signedIn))
        #expect(machine.noticeFollowing(removalPending: false) == .lookForSignIn)
        #expect(machine.noticeFollowing(removalPending: true) == .nothing)
        #expect(machine.noticeMayRestore(askedIn: machine.generation))
        #expect(!machine.noticeMayRestore(askedIn: signedIn))

        var inMemory = Machine()
        let (session, _) = Machine.beginning(
            StoredSession(tokens: Fixture.pair("a"), profileCompleted: true), sessionID: "s1", origin: Self.origin,
            now: Fixture.now, persist: false)
        _ = inMemory.signInStored(session, persist: false, written: true)
        #expect(inMemory.noticeFollowing(removalPending: false) == .nothing)
        #expect(!inMemory.noticeRereads(askedIn: inMemory.generation))

        var unavailable = Machine()
        _ = unavailable.restoreRead(
            .failure(.unavailable("locked")), askedIn: 0, removalPending: false, origin: Self.origin, now: Fixture.now)
        #expect(unavailable.noticeFollowing(removalPending: false) == .nothing)
    }

    /// A notice heard between a logout's end in memory and its store step (which runs in a task of
    /// its own) waits for that step: until then the store still holds the session the logout ended,
    /// and a look for a sign-in elsewhere would take it up again (CI, session 18: the reference
    /// server's logout test found `signedOut(noSession)` and a `restored` event after `logout()`).
    @Test func aNoticeDuringALogoutsEnd_waitsUntilTheEndIsStored() {
        var machine = Fixture.signedIn()
        let ended = machine.endSession(.loggedOut, cancellingRefresh: false)
        #expect(machine.noticeFollowing(removalPending: false) == .afterEndsAreStored)
        #expect(machine.noticeFollowing(removalPending: true) == .afterEndsAreStored)
        _ = machine.endingStored(ended.id)
        #expect(machine.noticeFollowing(removalPending: false) == .lookForSignIn)
        #expect(machine.noticeFollowing(removalPending: true) == .nothing)
    }

    /// After a notice's re-read: an adopted pair is told as a refresh; another sign-in there is
    /// looked for; nothing else does more.
    @Test func afterANoticesReread_anAdoptionIsTold_andASignInElsewhereLookedFor() {
        #expect(Machine.noticeAfterReading(.adopted) == (true, false))
        #expect(Machine.noticeAfterReading(.replacedBySignIn) == (false, true))
        for reading: StoreReading? in [nil, .current, .endedElsewhere, .replacedByOtherOrigin, .overtaken] {
            #expect(Machine.noticeAfterReading(reading) == (false, false))
        }
    }

    /// A leader refreshes for a follower when its persistent pair is due or a refresh flies already.
    @Test func aLeader_refreshesForAFollower_whenDueOrInFlight() {
        var machine = Fixture.signedIn()
        #expect(!machine.leaderRefreshesForFollower(now: Fixture.now, leeway: 60))
        #expect(machine.leaderRefreshesForFollower(now: Fixture.now.addingTimeInterval(3590), leeway: 60))
        _ = machine.refreshWanted(trigger: .requested)
        #expect(machine.leaderRefreshesForFollower(now: Fixture.now, leeway: 60))
        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(!machine.leaderRefreshesForFollower(now: Fixture.now.addingTimeInterval(3590), leeway: 60))
    }

    /// A follower's wait ends with the leader's fresh pair, goes on to the lock with a due one or
    /// once over, fails when the session went, and otherwise goes on (also while a notice is unread).
    @Test func aFollowersWait_endsWithTheLeadersPair_theLock_orTheSessionsEnd() {
        let held = Fixture.pair("old")
        let machine = Fixture.signedIn()  // holds pair "a", not `held`
        let generation = machine.generation
        func wait(_ machine: Machine, pending: Bool = false, at now: Date = Fixture.now, over: Bool = false)
            -> Machine.FollowerWait
        {
            machine.followerWait(
                held: held, flightGeneration: generation, noticePending: pending, now: now, leeway: 60, waitOver: over)
        }
        #expect(wait(machine) == .answered(Fixture.pair("a")))
        #expect(wait(machine, at: Fixture.now.addingTimeInterval(3590)) == .refreshUnderLock)
        #expect(wait(machine, pending: true) == .keepWaiting)
        #expect(wait(machine, pending: true, over: true) == .refreshUnderLock)
        let unchanged = machine.followerWait(
            held: Fixture.pair("a"), flightGeneration: generation, noticePending: false, now: Fixture.now, leeway: 60,
            waitOver: false)
        #expect(unchanged == .keepWaiting)
        var ended = machine
        _ = ended.endSession(.loggedOut, cancellingRefresh: true)
        #expect(wait(ended) == .sessionGone)
    }

    // MARK: - Reads that failed

    /// An unreadable store leaves memory as it is (current), unless an end overtook the read.
    @Test func anUnreadableStore_leavesMemory_unlessTheReadWasOvertaken() throws {
        var machine = Fixture.signedIn()
        let current = try #require(machine.session)
        let readIn = machine.generation
        let failed = machine.storeReread(
            .failure(.unavailable("locked")), readIn: readIn, lastSeen: current, origin: Self.origin)
        #expect(failed.reading == .current)
        #expect(failed.lastSeen == current)
        #expect(failed.end == nil)
        #expect(machine.session == current)
        _ = machine.endSession(.loggedOut, cancellingRefresh: false)
        let overtaken = machine.storeReread(
            .failure(.unavailable("locked")), readIn: readIn, lastSeen: current, origin: Self.origin)
        #expect(overtaken.reading == .overtaken)
        // A read that succeeded goes through the same decision as a plain one.
        let read = machine.storeReread(.success(nil), readIn: machine.generation, lastSeen: nil, origin: Self.origin)
        #expect(read.reading == .current)
    }

    /// An owed removal and a spent pair's removal are made when the store cannot be read; a read
    /// store decides as before.
    @Test func anUnreadableStore_isRemoved_forAnOwedRemovalAndASpentPair() {
        let unreadable: Result<StoredSession?, TokenStorageError> = .failure(.unavailable("locked"))
        #expect(Machine.owedRemoval(ofRead: unreadable, endedSessionID: "s1", origin: Self.origin) == .remove)
        #expect(Machine.owedRemoval(ofRead: .success(nil), endedSessionID: "s1", origin: Self.origin) == .nothingLeft)
        #expect(
            Machine.owedRemoval(ofRead: .success(Self.stored("a")), endedSessionID: "s1", origin: Self.origin)
                == .remove)
        let spent = Fixture.pair("a")
        #expect(Machine.spentPairRemoval(unreadable, spent: spent, origin: Self.origin) == .remove)
        #expect(Machine.spentPairRemoval(.success(Self.stored("a")), spent: spent, origin: Self.origin) == .remove)
        let newer = Self.stored("a2")
        #expect(Machine.spentPairRemoval(.success(newer), spent: spent, origin: Self.origin) == .leave(seen: newer))
        #expect(Machine.spentPairRemoval(.success(nil), spent: spent, origin: Self.origin) == .leave(seen: nil))
    }

    // MARK: - A session stored without an origin, protected data

    /// Only a session stored without an origin is bound; the binding is written only while memory is
    /// current and holds that persistent session under this origin.
    @Test func aLegacySession_isBoundAndWritten_onlyWhileMemoryIsCurrent() {
        #expect(Machine.bindsOrigin(of: Self.stored("a", origin: nil)))
        #expect(!Machine.bindsOrigin(of: Self.stored("a")))
        var machine = Fixture.signedIn()
        #expect(machine.writesBoundOrigin(after: .current, origin: Self.origin))
        #expect(!machine.writesBoundOrigin(after: .current, origin: "https://other.test"))
        for reading: StoreReading in [.adopted, .endedElsewhere, .replacedByOtherOrigin, .replacedBySignIn, .overtaken]
        {
            #expect(!machine.writesBoundOrigin(after: reading, origin: Self.origin))
        }
        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(!machine.writesBoundOrigin(after: .current, origin: Self.origin))
    }

    /// Protected data arriving restores again only while the store was unavailable with no session.
    @Test func protectedData_restoresAgain_onlyAfterAnUnavailableStore() {
        var machine = Machine()
        #expect(!machine.restoresWhenProtectedDataArrives)
        _ = machine.restoreRead(
            .failure(.unavailable("locked")), askedIn: 0, removalPending: false, origin: Self.origin, now: Fixture.now)
        #expect(machine.restoresWhenProtectedDataArrives)
        #expect(!Fixture.signedIn().restoresWhenProtectedDataArrives)
    }

    // MARK: - Smaller decisions

    /// A restore with a session keeps it; a refresh holds the store only for a persistent session;
    /// diagnostics read "signed out" from the state; Apple's verdict ends only its own user's session.
    @Test func restoreRefreshDiagnosticsAndApple_decideFromTheMachine() {
        var machine = Fixture.signedIn()
        #expect(machine.restoreKeepsSession)
        #expect(machine.refreshHoldsStore)
        #expect(machine.diagnosticOutcome(of: .failed(.timeout)) == .passingFailure)
        #expect(!machine.appleVerdictEnds(userID: "apple-1"))
        _ = machine.endSession(.sessionExpired, cancellingRefresh: false)
        #expect(!machine.restoreKeepsSession)
        #expect(machine.diagnosticOutcome(of: .failed(.session(.sessionExpired))) == .sessionEnded)

        var apple = Machine()
        let (session, _) = Machine.beginning(
            StoredSession(tokens: Fixture.pair("a"), profileCompleted: true, appleUserID: "apple-1"), sessionID: "s1",
            origin: Self.origin, now: Fixture.now, persist: false)
        _ = apple.signInStored(session, persist: false, written: true)
        #expect(apple.appleVerdictEnds(userID: "apple-1"))
        #expect(!apple.appleVerdictEnds(userID: "apple-2"))
        #expect(!apple.refreshHoldsStore)
    }
}
