import Foundation
import Testing
import WoteData
import WoteDomain
import WoteRepository
import WoteSession
import WoteWire

/// The session's decisions, driven event by event with no engine, no task and no clock: each
/// interleaving the engine tests could only reach with a hook is a plain sequence of events here.
@Suite struct SessionStateMachineTests {
    typealias Machine = SessionStateMachine

    /// What the requests of a withdrawn session fail with.
    static let withdrawn = SignOutReason.withdrawn.errorWhenMissing

    /// A machine with a session begun (generation 1).
    static func signedIn() -> Machine {
        var machine = Machine()
        _ = machine.sessionBegan(failingWaitersWith: .notSignedIn)
        return machine
    }

    /// The waiters `actions` resume, with what.
    static func resumed(_ actions: [Machine.Action]) -> [Machine.WaiterID: RefreshOutcome] {
        var resumed: [Machine.WaiterID: RefreshOutcome] = [:]
        for case .resumeRefreshWaiter(let waiter, let outcome) in actions { resumed[waiter] = outcome }
        return resumed
    }

    // MARK: - Single flight

    @Test func manyRequestsWantingARefresh_startOneCall_andAllHearItsOutcome() throws {
        var machine = Self.signedIn()
        let first = machine.refreshWanted(trigger: .reactive)
        let second = machine.refreshWanted(trigger: .proactive)
        guard case .startRefreshCall(let flight) = try #require(first.start) else {
            Issue.record("no call started")
            return
        }
        #expect(second.start == nil)
        #expect(flight.generation == machine.generation)
        #expect(flight.trigger == .reactive)

        let actions = machine.refreshFinished(flight: flight.id, outcome: .renewed(.sample))
        #expect(
            actions == [
                .resumeRefreshWaiter(first.waiter, .renewed(.sample)),
                .resumeRefreshWaiter(second.waiter, .renewed(.sample)),
            ])
        #expect(machine.flight == nil)
    }

    @Test func aCancelledWaiter_isResumedAtOnce_andTheRefreshGoesOnForTheOthers() throws {
        var machine = Self.signedIn()
        let first = machine.refreshWanted(trigger: .reactive)
        let second = machine.refreshWanted(trigger: .reactive)
        let cancelled = machine.refreshWaiterCancelled(first.waiter)
        #expect(cancelled == .resumeRefreshWaiter(first.waiter, .failed(.cancelled)))
        let cancelledAgain = machine.refreshWaiterCancelled(first.waiter)
        #expect(cancelledAgain == nil)
        #expect(machine.flight?.waiters == [second.waiter])
    }

    /// An answer to a flight its session abandoned resumes nobody (its waiters were told already).
    @Test func theAnswerOfAnAbandonedFlight_resumesNobody() throws {
        var machine = Self.signedIn()
        let old = machine.refreshWanted(trigger: .reactive)
        guard case .startRefreshCall(let abandoned) = try #require(old.start) else { return }
        _ = machine.sessionBegan(failingWaitersWith: .notSignedIn)
        let fresh = machine.refreshWanted(trigger: .reactive)
        #expect(fresh.start != nil)

        let lateAnswer = machine.refreshFinished(flight: abandoned.id, outcome: .renewed(.sample))
        #expect(lateAnswer.isEmpty)
        #expect(machine.flight?.waiters == [fresh.waiter])
    }

    // MARK: - One session, one identity (issue 33, review #3)

    /// Member A's request waiting for A's refresh fails when B's session begins, at once; A's call is
    /// cancelled; A's requests waiting for a slot are sent away, B's are not.
    @Test func memberAsRefreshWaiters_failWhenBsSessionBegins_andAsSlotWaitersAreSentAway() throws {
        var machine = Self.signedIn()
        let a = machine.generation
        let first = machine.refreshWanted(trigger: .proactive)
        let second = machine.refreshWanted(trigger: .reactive)
        guard case .startRefreshCall(let flight) = try #require(first.start) else { return }

        let actions = machine.sessionBegan(failingWaitersWith: .notSignedIn)

        #expect(machine.generation == a + 1)
        #expect(actions.first == .cancelRefreshCall(flight: flight.id))
        #expect(
            Self.resumed(actions) == [
                first.waiter: .failed(.session(.notSignedIn)), second.waiter: .failed(.session(.notSignedIn)),
            ])
        #expect(actions.last == .dismissSlotWaiters(issuedBefore: a + 1))
        #expect(machine.afterJoinedRefresh(.renewed(.sample), issuedIn: a, callerCancelled: false) == .sessionGone)
    }

    // MARK: - Write, then switch (a sign-in and a restore)

    /// A sign-in whose store write succeeded: the new session begins (a new generation), the old
    /// session's refresh and waiters are let go, and the old session ends for observers before the
    /// new one begins.
    @Test func aStoredSignIn_switchesToTheNewSession_andAnnouncesItInOrder() throws {
        var machine = Machine()
        _ = machine.signInStored(StoredSession(tokens: .sample, profileCompleted: true), persist: true, written: true)
        let a = machine.generation
        let waiting = machine.refreshWanted(trigger: .reactive)
        guard case .startRefreshCall(let flight) = try #require(waiting.start) else { return }

        let step = machine.signInStored(
            StoredSession(tokens: .sample, profileCompleted: false), persist: true, written: true)

        guard case .switchTo(let actions, let events) = step else {
            Issue.record("no switch: \(step)")
            return
        }
        #expect(machine.generation == a + 1)
        #expect(actions.first == .cancelRefreshCall(flight: flight.id))
        #expect(Self.resumed(actions) == [waiting.waiter: .failed(.session(.notSignedIn))])
        #expect(events == [.signedOut(.loggedOut), .profileRequired])
        var empty = Machine()
        let fromNothing = empty.signInStored(
            StoredSession(tokens: .sample, profileCompleted: true), persist: true, written: true)
        guard case .switchTo(_, let firstEvents) = fromNothing else { return }
        #expect(firstEvents == [.signedIn])
    }

    /// A sign-in the store refused changes nothing: the same generation, the refresh under way and
    /// its waiters go on (no rollback to a pair whose refresh was abandoned).
    @Test func aSignInTheStoreRefused_leavesThePreviousSessionAndItsRefreshUntouched() throws {
        var machine = Self.signedIn()
        let a = machine.generation
        let waiting = machine.refreshWanted(trigger: .reactive)
        guard case .startRefreshCall(let flight) = try #require(waiting.start) else { return }

        let refused = machine.signInStored(
            StoredSession(tokens: .sample, profileCompleted: true), persist: true, written: false)
        #expect(refused == .keepPrevious)

        #expect(machine.generation == a)
        #expect(machine.flight?.id == flight.id)
        #expect(machine.isWaitingForRefresh(waiting.waiter))
    }

    static let origin = "https://api.wote.test"

    static func stored(expiringIn seconds: TimeInterval, origin: String? = Self.origin) -> StoredSession {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        return StoredSession(
            tokens: TokenPair(
                accessToken: "a", refreshToken: "r", accessTokenExpiresAt: now.addingTimeInterval(seconds),
                refreshTokenExpiresAt: nil, receivedAt: now.addingTimeInterval(-60)),
            profileCompleted: true, origin: origin)
    }

    /// What a restore makes of what it read: the table of Docs/Session.md, and nothing adopted when
    /// a sign-in or an end ran while it read, or while an end's removal is still refused.
    @Test func aRestore_adoptsOnlyWhatItReadInItsOwnGeneration() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let fresh = Self.stored(expiringIn: 600)
        var machine = Machine()
        let asked = machine.generation
        func read(_ result: Result<StoredSession?, TokenStorageError>, removalPending: Bool = false)
            -> Machine.RestoreStep
        {
            var copy = machine
            return copy.restoreRead(
                result, askedIn: asked, removalPending: removalPending, origin: Self.origin, now: now)
        }

        #expect(read(.success(nil)) == .noSession)
        #expect(read(.success(Self.stored(expiringIn: 600, origin: "https://elsewhere.test"))) == .noSession)
        #expect(read(.failure(.unavailable("locked"))) == .unavailable(reason: "locked"))
        #expect(read(.failure(.corrupted("garbage"))) == .corrupted(reason: "garbage"))
        #expect(read(.success(fresh), removalPending: true) == .overtaken)
        guard case .adopt(let adopted, let actions, let refreshFirst) = read(.success(fresh)) else {
            Issue.record("not adopted")
            return
        }
        #expect(adopted == fresh)
        #expect(actions == [.dismissSlotWaiters(issuedBefore: asked + 1)])
        #expect(!refreshFirst)
        guard case .adopt(_, _, let expiredFirst) = read(.success(Self.stored(expiringIn: -1))) else { return }
        #expect(expiredFirst)
        // A session stored without an origin (an older version) is this origin's.
        guard case .adopt = read(.success(Self.stored(expiringIn: 600, origin: nil))) else {
            Issue.record("a legacy session not adopted")
            return
        }

        _ = machine.sessionBegan(failingWaitersWith: .notSignedIn)
        #expect(read(.success(fresh)) == .overtaken)
        #expect(read(.failure(.unavailable("locked"))) == .overtaken)
        #expect(machine.generation == asked + 1)
    }

    /// A refresh token replaced within one session is spent: a restore never adopts it again
    /// (randomized seeds 40, 97, 165); one replaced by a new session's (a sign-in) is not.
    @Test func aRestore_neverAdoptsARefreshTokenThisEngineSawReplaced() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var machine = Self.signedIn()
        machine.refreshTokenReplaced("r", by: "r2", inSameSession: true)
        machine.refreshTokenReplaced("r2", by: "other", inSameSession: false)
        #expect(machine.retiredRefreshTokens == ["r"])
        _ = machine.sessionEnded(failingWaitersWith: .sessionExpired, cancellingRefresh: false)

        let spent = Self.stored(expiringIn: -1)
        let step = machine.restoreRead(
            .success(spent), askedIn: machine.generation, removalPending: false, origin: Self.origin, now: now)
        #expect(step == .spentPair(spent))
    }

    /// Why there is no session, as the error a request gets.
    @Test func theErrorForAMissingSession_saysWhyThereIsNone() {
        #expect(Machine.errorForMissingSession(in: .signedOut(.sessionExpired)) == .sessionExpired)
        #expect(Machine.errorForMissingSession(in: .signedOut(.banned)) == SignOutReason.banned.errorWhenMissing)
        #expect(Machine.errorForMissingSession(in: .storageUnavailable(reason: "locked")) == .storageFailure("locked"))
        #expect(Machine.errorForMissingSession(in: .signedIn) == .notSignedIn)
    }

    /// The profile gate changes the profile state only for the current session, and only to the
    /// other state.
    @Test func theProfileGate_changesOnlyTheCurrentSessionsProfileState() {
        var machine = Self.signedIn()
        let a = machine.generation
        #expect(machine.profileChanges(to: false, issuedIn: a, profileCompleted: true))
        #expect(!machine.profileChanges(to: false, issuedIn: a, profileCompleted: false))
        #expect(machine.profileChanges(to: true, issuedIn: a, profileCompleted: false))
        #expect(!machine.profileChanges(to: true, issuedIn: a, profileCompleted: nil))
        _ = machine.sessionBegan(failingWaitersWith: .notSignedIn)
        #expect(!machine.profileChanges(to: false, issuedIn: a, profileCompleted: true))
    }

    // MARK: - Endings

    /// The model's end-order trails (`today-end-order-*`): a request waiting for the refresh hears of
    /// an explicit end only once the end's store write is done; the end cancels that refresh.
    @Test func anEnd_tellsTheRefreshWaiters_onlyOnceItsStoreWriteIsDone() throws {
        var machine = Self.signedIn()
        let waiter = machine.refreshWanted(trigger: .reactive)
        guard case .startRefreshCall(let flight) = try #require(waiter.start) else { return }

        let (ending, actions) = machine.sessionEnded(failingWaitersWith: Self.withdrawn, cancellingRefresh: true)
        #expect(actions == [.cancelRefreshCall(flight: flight.id)])
        #expect(machine.flight == nil)

        let stored = machine.endingStored(ending)
        #expect(
            stored == [
                .resumeRefreshWaiter(waiter.waiter, .failed(.session(Self.withdrawn))),
                .dismissSlotWaiters(issuedBefore: machine.generation),
            ])
        let storedAgain = machine.endingStored(ending)
        #expect(storedAgain.isEmpty)
    }

    /// Logout lets the refresh under way answer (issue 33, item 5): its call is not cancelled.
    @Test func anEndThatLetsTheRefreshLand_doesNotCancelItsCall() {
        var machine = Self.signedIn()
        _ = machine.refreshWanted(trigger: .reactive)
        let (_, actions) = machine.sessionEnded(failingWaitersWith: .notSignedIn, cancellingRefresh: false)
        #expect(actions.isEmpty)
    }

    /// A request that finds the session gone while ends are being stored waits for all of them.
    @Test func aRequestFindingTheSessionGone_waitsUntilEveryEndIsStored() throws {
        var machine = Self.signedIn()
        let beforeAnyEnd = machine.waitForEndingsStored()
        #expect(beforeAnyEnd == nil)
        let (first, _) = machine.sessionEnded(failingWaitersWith: .notSignedIn, cancellingRefresh: true)
        let (second, _) = machine.sessionEnded(failingWaitersWith: .notSignedIn, cancellingRefresh: true)
        let firstWait = machine.waitForEndingsStored()
        let one = try #require(firstWait)
        let secondWait = machine.waitForEndingsStored()
        let two = try #require(secondWait)

        let firstStored = machine.endingStored(first)
        #expect(!firstStored.contains(.resumeEndingWaiter(one)))
        let last = machine.endingStored(second)
        #expect(last.contains(.resumeEndingWaiter(one)) && last.contains(.resumeEndingWaiter(two)))
        let afterEveryEnd = machine.waitForEndingsStored()
        #expect(afterEveryEnd == nil)
    }

    // MARK: - Woken after the session ended (the model's resume race)

    /// Trail `today-logout-wins-withdrawal-fault` (mutation `mut-no-resume-check`), replayed as
    /// events: a proactive refresh renews the pair and wakes its request; a withdrawal runs before the
    /// request goes on; the request is then not sent, neither with the new token nor the old one.
    @Test func requestWokenWithARenewedPair_afterTheSessionEnded_isNotSent() throws {
        var machine = Self.signedIn()
        let issued = machine.generation
        let request = machine.refreshWanted(trigger: .proactive)
        guard case .startRefreshCall(let flight) = try #require(request.start) else { return }
        let woken = machine.refreshFinished(flight: flight.id, outcome: .renewed(.sample))
        #expect(woken == [.resumeRefreshWaiter(request.waiter, .renewed(.sample))])

        _ = machine.sessionEnded(failingWaitersWith: Self.withdrawn, cancellingRefresh: true)

        let next = machine.afterProactiveRefresh(.renewed(.sample), issuedIn: issued, currentTokenValid: true)
        #expect(next == .sessionGone)
    }

    /// The same race on the reactive path: the retry after a rejected token is woken with the new
    /// pair, the session ends before it goes on, and the retry is not sent.
    @Test func retryWokenWithARenewedPair_afterTheSessionEnded_isNotSent() throws {
        var machine = Self.signedIn()
        let issued = machine.generation
        #expect(machine.rejection(of: "a-1", requestGeneration: issued, currentAccessToken: "a-1") == .refresh)
        let retry = machine.refreshWanted(trigger: .reactive)
        guard case .startRefreshCall(let flight) = try #require(retry.start) else { return }
        _ = machine.refreshFinished(flight: flight.id, outcome: .renewed(.sample))

        _ = machine.sessionEnded(failingWaitersWith: Self.withdrawn, cancellingRefresh: true)

        #expect(machine.afterReactiveRefresh(.renewed(.sample), issuedIn: issued) == .sessionGone)
        #expect(machine.afterJoinedRefresh(.renewed(.sample), issuedIn: issued, callerCancelled: false) == .sessionGone)
    }

    @Test func aRequestOfTheCurrentSession_sendsTheRenewedToken_orItsStillValidOne() {
        let machine = Self.signedIn()
        let now = machine.generation
        #expect(
            machine.afterProactiveRefresh(.renewed(.sample), issuedIn: now, currentTokenValid: false)
                == .send("sample-access"))
        let passing = APIError.session(.timeout)
        #expect(machine.afterProactiveRefresh(.failed(passing), issuedIn: now, currentTokenValid: true) == .goOn)
        #expect(
            machine.afterProactiveRefresh(.failed(passing), issuedIn: now, currentTokenValid: false) == .fail(passing))
        #expect(
            machine.afterProactiveRefresh(.failed(.cancelled), issuedIn: now, currentTokenValid: true)
                == .fail(.cancelled))
        #expect(machine.afterJoinedRefresh(.failed(passing), issuedIn: now, callerCancelled: false) == .goOn)
        #expect(machine.afterJoinedRefresh(.failed(passing), issuedIn: now, callerCancelled: true) == .fail(.cancelled))
    }

    // MARK: - Settling a refresh answer

    @Test func aRotatedPair_isTaken_andWrittenWhenTheRefreshHoldsTheStore() {
        let machine = Self.signedIn()
        let flight = machine.generation
        #expect(
            machine.settle(.renewed(.sample), flightGeneration: flight, hasSession: true, holdingStore: true)
                == .rotate(.sample, writingStore: true))
        #expect(
            machine.settle(.renewed(.sample), flightGeneration: flight, hasSession: true, holdingStore: false)
                == .rotate(.sample, writingStore: false))
    }

    /// A dead-token verdict ends the session; the store is emptied only while it holds the refused
    /// token (compare-and-swap) when the refresh holds it, else through the store queue.
    @Test func aDeadTokenVerdict_endsTheSession() {
        let machine = Self.signedIn()
        let flight = machine.generation
        #expect(
            machine.settle(.invalid(.sessionExpired), flightGeneration: flight, hasSession: true, holdingStore: true)
                == .endSession(.sessionExpired, write: .removeWhileHoldingSpentPair))
        #expect(
            machine.settle(.invalid(.banned), flightGeneration: flight, hasSession: true, holdingStore: false)
                == .endSession(.banned, write: .throughStoreQueue))
    }

    /// "A passing refresh failure never ends the session" (issue 33, item 8): whatever holds the
    /// store, a transient answer keeps the session, and so does a call that got no answer.
    @Test func aPassingFailure_keepsTheSession() {
        let machine = Self.signedIn()
        let flight = machine.generation
        for holding in [true, false] {
            let settled = machine.settle(
                .transient(.timeout), flightGeneration: flight, hasSession: true, holdingStore: holding)
            #expect(settled == .keep(.session(.timeout), announcing: true))
        }
        #expect(machine.announcesPassingFailure(ofFlight: flight))
        #expect(!machine.announcesPassingFailure(ofFlight: flight - 1))
    }

    /// An answer that arrives after its session ended reaches the store only (compare-and-swap), and
    /// only when the refresh holds it: the rotated pair, or the removal of a dead one.
    @Test func theAnswerToAnEndedSessionsRefresh_reachesOnlyTheStore() {
        var machine = Self.signedIn()
        let flight = machine.generation
        _ = machine.sessionEnded(failingWaitersWith: .notSignedIn, cancellingRefresh: false)
        #expect(
            machine.settle(.renewed(.sample), flightGeneration: flight, hasSession: false, holdingStore: true)
                == .abandoned(store: .save(.sample)))
        #expect(
            machine.settle(.invalid(.sessionExpired), flightGeneration: flight, hasSession: false, holdingStore: true)
                == .abandoned(store: .remove))
        #expect(
            machine.settle(.transient(.timeout), flightGeneration: flight, hasSession: false, holdingStore: true)
                == .abandoned(store: nil))
        #expect(
            machine.settle(.renewed(.sample), flightGeneration: flight, hasSession: false, holdingStore: false)
                == .abandoned(store: nil))
    }

    // MARK: - Rejected tokens (review #4)

    /// A's token rejected after A logged out and B signed in is never answered with B's token; a token
    /// a refresh of the current session replaced is answered with the current one.
    @Test func asTokenAnsweredWithBs_isNotThisSession() {
        var machine = Self.signedIn()
        machine.sessionChanged(from: nil, to: "a-1")
        machine.sessionChanged(from: "a-1", to: "a-2")
        let a = machine.generation
        #expect(machine.rejection(of: "a-1", requestGeneration: a, currentAccessToken: "a-2") == .retry(with: "a-2"))
        #expect(machine.rejection(of: "a-2", requestGeneration: a, currentAccessToken: "a-2") == .refresh)
        #expect(machine.rejection(of: "other", requestGeneration: a, currentAccessToken: "a-2") == .notThisSession)

        _ = machine.sessionEnded(failingWaitersWith: .notSignedIn, cancellingRefresh: true)
        machine.sessionChanged(from: "a-2", to: nil)
        _ = machine.sessionBegan(failingWaitersWith: .notSignedIn)
        machine.sessionChanged(from: nil, to: "b-1")
        let b = machine.generation
        #expect(machine.rejection(of: "a-2", requestGeneration: a, currentAccessToken: "b-1") == .sessionGone)
        #expect(machine.rejection(of: "a-1", requestGeneration: b, currentAccessToken: "b-1") == .notThisSession)
        #expect(machine.rejection(of: "a-2", requestGeneration: b, currentAccessToken: "b-1") == .notThisSession)
    }

    // MARK: - Another process's writes

    /// A pair issued `seconds` after the sample's.
    static func pair(_ name: String, issuedAfter seconds: TimeInterval) -> TokenPair {
        TokenPair(
            accessToken: "\(name)-access", refreshToken: "\(name)-refresh",
            accessTokenExpiresAt: Date(timeIntervalSince1970: 1_700_003_600 + seconds), refreshTokenExpiresAt: nil,
            receivedAt: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
    }

    @Test func theStoreRead_endsAdoptsOrKeeps() {
        let origin = "http://127.0.0.1:8080"
        let mine = StoredSession(tokens: Self.pair("mine", issuedAfter: 0), profileCompleted: true, origin: origin)
        let newer = StoredSession(tokens: Self.pair("newer", issuedAfter: 60), profileCompleted: true, origin: origin)
        let older = StoredSession(tokens: Self.pair("older", issuedAfter: -60), profileCompleted: true)
        let foreign = StoredSession(
            tokens: Self.pair("foreign", issuedAfter: 60), profileCompleted: true, origin: "http://127.0.0.1:9090")
        func read(_ stored: StoredSession?, lastSeen: StoredSession? = nil) -> StoreReading {
            Machine.reading(stored, current: mine, lastSeen: lastSeen, origin: origin)
        }

        #expect(read(nil) == .endedElsewhere)
        #expect(read(foreign) == .replacedByOtherOrigin)
        #expect(read(newer) == .adopted)
        #expect(read(older) == .current)
        #expect(read(mine) == .current)
        #expect(read(newer, lastSeen: newer) == .current)
    }

    // MARK: - The session's identity

    /// Work started for a session (a profile fetched, the profile completed) acts only while that
    /// session is in memory: not after its end, nor for the next session.
    @Test func anIdentity_isHeld_onlyWhileItsSessionIsInMemory() throws {
        #expect(Machine().identity == nil)
        var machine = SessionStateMachineSessionTests.signedIn()
        let first = try #require(machine.identity)
        #expect(machine.holds(first))

        _ = machine.endSession(.loggedOut, cancellingRefresh: false)
        #expect(machine.identity == nil)
        #expect(!machine.holds(first))

        let (next, _) = Machine.beginning(
            StoredSession(tokens: SessionStateMachineSessionTests.pair("b"), profileCompleted: true), sessionID: "s2",
            origin: SessionStateMachineSessionTests.origin, now: SessionStateMachineSessionTests.now, persist: true)
        _ = machine.signInStored(next, persist: true, written: true)
        let second = try #require(machine.identity)
        #expect(second != first)
        #expect(machine.holds(second))
        #expect(!machine.holds(first))
    }

    // MARK: - Answers (WoteKit's requests and other stacks' calls alike)

    @Test func anAnswer_stepsAsTheContractReadIt_theProfileGateIncluded() {
        func step(_ meaning: ProtectedAnswer, completed: Bool = true, gate: Bool = false, mayRetry: Bool = true)
            -> Machine.AnswerStep
        {
            Machine.step(for: meaning, profileWasCompleted: completed, passesProfileGate: { gate }, mayRetry: mayRetry)
        }
        #expect(step(.accepted) == .deliver)
        #expect(step(.accepted, completed: true, gate: true) == .deliver)
        #expect(step(.accepted, completed: false, gate: false) == .deliver)
        #expect(step(.accepted, completed: false, gate: true) == .markProfileCompleted)
        // A gate left to the caller's own reading (`fetch`): asked only while the profile is required.
        func leaving(_ meaning: ProtectedAnswer, completed: Bool) -> Machine.AnswerStep {
            Machine.step(for: meaning, profileWasCompleted: completed, passesProfileGate: { nil }, mayRetry: true)
        }
        #expect(leaving(.accepted, completed: false) == .deliverAwaitingProfileGate)
        #expect(leaving(.accepted, completed: true) == .deliver)
        #expect(leaving(.profileRequired, completed: false) == .markProfileRequired)
        #expect(leaving(.sessionEnded(.memberGone), completed: false) == .endSession(.memberGone))
        #expect(leaving(.accessTokenRejected, completed: false) == .refreshAndRetry)
        #expect(step(.profileRequired) == .markProfileRequired)
        #expect(step(.sessionEnded(.banned)) == .endSession(.banned))
        #expect(step(.accessTokenRejected) == .refreshAndRetry)
        #expect(step(.accessTokenRejected, mayRetry: false) == .deliver)
    }

    // MARK: - Endings and the store

    @Test func memory_reachesTheStore_asASave_aRemoval_orARemovalThatSparesAnotherOrigin() {
        #expect(Machine.storeWrite(hasPersistentSession: true, replacingOtherOrigins: false) == .save)
        #expect(Machine.storeWrite(hasPersistentSession: true, replacingOtherOrigins: true) == .save)
        #expect(Machine.storeWrite(hasPersistentSession: false, replacingOtherOrigins: true) == .remove)
        #expect(
            Machine.storeWrite(hasPersistentSession: false, replacingOtherOrigins: false) == .removeUnlessAnotherOrigins
        )
    }

    /// Review #6: a logout whose removal the store refused is retried by the next logout.
    /// The step names the session it ends, so the engine only carries it out.
    @Test func aLogout_endsASession_orRemovesAgain_orDoesNothing() throws {
        typealias Fixture = SessionStateMachineSessionTests
        let persistent = Fixture.signedIn()
        let kept = try #require(persistent.session)
        for pending in [false, true] {
            #expect(persistent.logout(removalPending: pending) == .end(kept, readingTheStore: true))
        }

        var inMemory = Machine()
        let (session, _) = Machine.beginning(
            StoredSession(tokens: Fixture.pair("a"), profileCompleted: true), sessionID: "s1", origin: Fixture.origin,
            now: Fixture.now, persist: false)
        _ = inMemory.signInStored(session, persist: false, written: true)
        #expect(inMemory.logout(removalPending: false) == .end(session, readingTheStore: false))

        var ended = persistent
        _ = ended.endSession(.loggedOut, cancellingRefresh: true)
        #expect(ended.logout(removalPending: false) == .nothing)
        #expect(ended.logout(removalPending: true) == .removeAgain)
        #expect(Machine().logout(removalPending: false) == .nothing)

        // A store that could not be read may still hold a session: it is removed.
        var unavailable = Machine()
        _ = unavailable.restoreRead(
            .failure(.unavailable("locked")), askedIn: 0, removalPending: false, origin: Fixture.origin,
            now: Fixture.now)
        #expect(unavailable.session == nil)
        #expect(unavailable.logout(removalPending: false) == .removeAgain)
    }

    // MARK: - Store queue and storm guard

    @Test func theStoreQueue_servesItsChangesInOrder() throws {
        var machine = Machine()
        let holder = machine.enterStoreQueue()
        #expect(holder == nil)
        let secondInLine = machine.enterStoreQueue()
        let second = try #require(secondInLine)
        let thirdInLine = machine.enterStoreQueue()
        let third = try #require(thirdInLine)
        let toSecond = machine.leaveStoreQueue()
        #expect(toSecond == .resumeStoreWaiter(second))
        let toThird = machine.leaveStoreQueue()
        #expect(toThird == .resumeStoreWaiter(third))
        let toNobody = machine.leaveStoreQueue()
        #expect(toNobody == nil)
        #expect(!machine.isStoreBusy)
    }

    @Test func theStormGuard_allowsAtMostTheMaximumWithinTheWindow() {
        var machine = Machine()
        for second in 0..<3 {
            let allowed = machine.mayCallRefresh(at: .seconds(second), window: .seconds(10), maximum: 3)
            #expect(allowed)
            machine.refreshCalled(at: .seconds(second))
        }
        let fourthInWindow = machine.mayCallRefresh(at: .seconds(9), window: .seconds(10), maximum: 3)
        #expect(!fourthInWindow)
        let afterTheWindow = machine.mayCallRefresh(at: .seconds(10), window: .seconds(10), maximum: 3)
        #expect(afterTheWindow)
    }

    // MARK: - Request slots

    @Test func slots_areTakenUntilNoneIsFree_thenWaitersAreServedInOrder() {
        var slots = Machine.Slots(limit: 2)
        let firstTake = slots.take(generation: 1)
        #expect(firstTake == .granted)
        let secondTake = slots.take(generation: 1)
        #expect(secondTake == .granted)
        #expect(slots.available == 0)
        guard case .wait(let first) = slots.take(generation: 1), case .wait(let second) = slots.take(generation: 1)
        else {
            Issue.record("no wait")
            return
        }
        let toFirst = slots.release()
        #expect(toFirst == first)
        let toSecond = slots.release()
        #expect(toSecond == second)
        #expect(slots.available == 0)
        let freedOne = slots.release()
        #expect(freedOne == nil)
        let freedTwo = slots.release()
        #expect(freedTwo == nil)
        #expect(slots.available == 2)
    }

    @Test func aCancelledSlotWaiter_holdsNothing() {
        var slots = Machine.Slots(limit: 1)
        let held = slots.take(generation: 1)
        #expect(held == .granted)
        guard case .wait(let waiter) = slots.take(generation: 1) else { return }
        let leaves = slots.cancel(waiter)
        #expect(leaves)
        let leavesAgain = slots.cancel(waiter)
        #expect(!leavesAgain)
        let backToTheHolder = slots.release()
        #expect(backToTheHolder == nil)
        #expect(slots.available == 1)
    }

    /// Review #3's slot case: the waiters of an ended session are sent away, a newer session's stay.
    @Test func slotWaitersIssuedBeforeAGeneration_areSentAway_newerOnesStay() {
        var slots = Machine.Slots(limit: 0)
        #expect(slots.available == 1)
        let held = slots.take(generation: 1)
        #expect(held == .granted)
        guard case .wait(let old) = slots.take(generation: 1), case .wait(let new) = slots.take(generation: 2) else {
            Issue.record("no wait")
            return
        }
        let sentAway = slots.dismiss(issuedBefore: 2)
        #expect(sentAway == [old])
        #expect(slots.waiting == [new])
        let sentAwayAgain = slots.dismiss(issuedBefore: 2)
        #expect(sentAwayAgain.isEmpty)
        // A request of the ended session that asks only now is sent away too, before any slot.
        let late = slots.take(generation: 1)
        #expect(late == .dismissed)
        let handedOver = slots.release()
        #expect(handedOver == new)
    }
    /// An end asked for one session (a withdrawal) ends it while it is current, settles another
    /// end's store write when that end came first and nothing began since, and leaves a newer
    /// session alone.
    @Test func anEndAskedForOneSession_touchesNoNewerSession() {
        #expect(Machine.askedEnd(hasSession: true, generation: 4, asked: 4) == .end)
        #expect(Machine.askedEnd(hasSession: false, generation: 5, asked: 4) == .settleTheOtherEnd)
        #expect(Machine.askedEnd(hasSession: true, generation: 5, asked: 4) == .nothing)
        #expect(Machine.askedEnd(hasSession: false, generation: 6, asked: 4) == .nothing)
    }
}
