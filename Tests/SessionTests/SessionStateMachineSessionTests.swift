import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// The session in memory, its state and whether it is kept, as the machine owns them: each
/// transition driven directly, with no engine, no actor and no store (`SessionStateMachine+Session.swift`).
@Suite struct SessionStateMachineSessionTests {
    typealias Machine = SessionStateMachine

    static let origin = "https://api.wote.test"
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func pair(_ name: String, issuedAt: Date = now) -> TokenPair {
        TokenPair(
            accessToken: "\(name)-access", refreshToken: "\(name)-refresh",
            accessTokenExpiresAt: issuedAt.addingTimeInterval(3600), refreshTokenExpiresAt: nil, receivedAt: issuedAt)
    }

    /// A machine with a persistent session signed in as `pair`, under session id `id`.
    static func signedIn(_ pair: TokenPair = Self.pair("a"), profileCompleted: Bool = true, id: String = "s1")
        -> Machine
    {
        var machine = Machine()
        let (session, _) = Machine.beginning(
            StoredSession(tokens: pair, profileCompleted: profileCompleted), sessionID: id, origin: Self.origin,
            now: Self.now, persist: true)
        _ = machine.signInStored(session, persist: true, written: true)
        return machine
    }

    // MARK: - A sign-in

    /// A session about to begin gets this origin, its receipt time and its own session id; kept, it
    /// is saved, kept in memory only, whatever the store holds is removed.
    @Test func aBeginningSession_isStampedAndToldApart_andItsWriteFollowsPersist() {
        let new = StoredSession(tokens: Self.pair("a"), profileCompleted: true, serverClockOffset: 7)
        let kept = Machine.beginning(new, sessionID: "s1", origin: Self.origin, now: Self.now, persist: true)
        #expect(kept.session.sessionID == "s1")
        #expect(kept.session.origin == Self.origin)
        #expect(kept.session.receivedAt == Self.now)
        // No `iat` and no `Date` header: the offset it came with stays.
        #expect(kept.session.serverClockOffset == 7)
        #expect(kept.write == .save)
        let inMemory = Machine.beginning(new, sessionID: "s2", origin: Self.origin, now: Self.now, persist: false)
        #expect(inMemory.write == .remove)
    }

    /// A sign-in over an existing session ends that one for observers first, then begins the new
    /// one: a new generation, the new session, its state and whether it is kept.
    @Test func aSignInOverASession_announcesTheEndThenTheNewSession() {
        var machine = Self.signedIn()
        let a = machine.generation
        let b = StoredSession(tokens: Self.pair("b"), profileCompleted: true, sessionID: "s2")

        let step = machine.signInStored(b, persist: false, written: true)

        guard case .switchTo(_, let events) = step else {
            Issue.record("no switch: \(step)")
            return
        }
        #expect(events == [.signedOut(.loggedOut), .signedIn])
        #expect(machine.generation == a + 1)
        #expect(machine.session == b)
        #expect(machine.sessionGeneration == machine.generation)
        #expect(machine.state == .signedIn)
        #expect(machine.isPersistent == false)
        // The old session's refresh token was not spent by this: it belonged to another session.
        #expect(machine.retiredRefreshTokens.isEmpty)
    }

    /// A sign-in with no session before announces only its own state.
    @Test func aFirstSignIn_announcesOnlyItsState() {
        var machine = Machine()
        let step = machine.signInStored(
            StoredSession(tokens: Self.pair("a"), profileCompleted: false), persist: true, written: true)
        guard case .switchTo(_, let events) = step else {
            Issue.record("no switch: \(step)")
            return
        }
        #expect(events == [.profileRequired])
        #expect(machine.state == .profileRequired)
        #expect(machine.isPersistent)
    }

    /// A sign-in the store refused changes nothing in memory.
    @Test func aRefusedSignIn_keepsTheSessionAndItsState() {
        var machine = Self.signedIn()
        let before = machine.session
        let step = machine.signInStored(
            StoredSession(tokens: Self.pair("b"), profileCompleted: false), persist: false, written: false)
        #expect(step == .keepPrevious)
        #expect(machine.session == before)
        #expect(machine.state == .signedIn)
        #expect(machine.isPersistent)
    }

    // MARK: - A restore

    /// A restore adopts a stored "profile required" session as "profile required", with this origin,
    /// kept between launches; what it cannot read or finds missing sets the state it says.
    @Test func aRestore_adoptingAProfileRequiredPair_setsProfileRequired() {
        var machine = Machine()
        let stored = StoredSession(tokens: Self.pair("a"), profileCompleted: false)
        let step = machine.restoreRead(
            .success(stored), askedIn: machine.generation, removalPending: false, origin: Self.origin, now: Self.now)
        guard case .adopt(let adopted, _, _) = step else {
            Issue.record("not adopted: \(step)")
            return
        }
        #expect(adopted == stored)
        #expect(machine.state == .profileRequired)
        #expect(machine.session?.origin == Self.origin)
        #expect(machine.session?.tokens == stored.tokens)
        #expect(machine.isPersistent)

        var locked = Machine()
        _ = locked.restoreRead(
            .failure(.unavailable("locked")), askedIn: 0, removalPending: false, origin: Self.origin, now: Self.now)
        #expect(locked.state == .storageUnavailable(reason: "locked"))
        var empty = Machine()
        _ = empty.restoreRead(.success(nil), askedIn: 0, removalPending: false, origin: Self.origin, now: Self.now)
        #expect(empty.state == .signedOut(.noSession))
        var garbage = Machine()
        _ = garbage.restoreRead(
            .failure(.corrupted("garbage")), askedIn: 0, removalPending: false, origin: Self.origin, now: Self.now)
        #expect(garbage.state == .signedOut(.storedSessionCorrupted("garbage")))
    }

    // MARK: - An end

    /// An end sets the state, clears the session and says which one ended; an end with nothing to
    /// change announces nothing, one that changes only the state announces it.
    @Test func anEnd_setsTheState_clearsTheSession_andAnnouncesOnlyAChange() {
        var machine = Self.signedIn()
        let session = machine.session
        let a = machine.generation

        let end = machine.endSession(.withdrawn, cancellingRefresh: true)

        #expect(end.events == [.signedOut(.withdrawn)])
        #expect(end.ended?.tokens == session?.tokens)
        #expect(end.reason == .withdrawn)
        #expect(machine.session == nil)
        #expect(machine.state == .signedOut(.withdrawn))
        #expect(machine.generation == a + 1)
        #expect(machine.endings.map(\.id) == [end.id])

        let again = machine.endSession(.withdrawn, cancellingRefresh: true)
        #expect(again.events.isEmpty)
        #expect(again.ended == nil)
        let loggedOut = machine.endSession(.loggedOut, cancellingRefresh: false)
        #expect(loggedOut.events == [.signedOut(.loggedOut)])
        #expect(machine.state == .signedOut(.loggedOut))
    }

    /// A session kept in memory only is kept between launches again once it ended (the next
    /// sign-in says otherwise if it wants).
    @Test func anEnd_ofASessionKeptInMemory_leavesThePersistentDefault() {
        var machine = Machine()
        _ = machine.signInStored(
            StoredSession(tokens: Self.pair("a"), profileCompleted: true), persist: false, written: true)
        #expect(machine.isPersistent == false)
        _ = machine.endSession(.loggedOut, cancellingRefresh: true)
        #expect(machine.isPersistent)
    }

    // MARK: - Another process's writes

    /// A newer pair of this session in the store is adopted, and announced only when its state is
    /// another: a "profile required" pair over a signed-in session says so.
    @Test func anAdoptedProfileRequiredPair_announcesProfileRequired() throws {
        var machine = Self.signedIn()
        let current = try #require(machine.session)
        var newer = current
        newer.tokens = Self.pair("a2", issuedAt: Self.now.addingTimeInterval(60))
        newer.origin = nil

        let same = machine.storeReread(newer, readIn: machine.generation, lastSeen: current, origin: Self.origin)
        #expect(same.reading == .adopted)
        #expect(same.events.isEmpty)
        #expect(same.lastSeen == newer)
        #expect(machine.session?.tokens == newer.tokens)
        #expect(machine.session?.origin == Self.origin)
        // The pair it replaced is spent.
        #expect(machine.retiredRefreshTokens == [current.tokens.refreshToken])

        let latest = try #require(machine.session)
        var required = latest
        required.tokens = Self.pair("a3", issuedAt: Self.now.addingTimeInterval(120))
        required.profileCompleted = false
        let changed = machine.storeReread(required, readIn: machine.generation, lastSeen: newer, origin: Self.origin)
        #expect(changed.events == [.profileRequired])
        #expect(machine.state == .profileRequired)
    }

    /// An empty store ends the session (elsewhere); another sign-in of this origin in the store ends
    /// it too and stays; another origin's session leaves this one in memory only.
    @Test func whatTheStoreHolds_endsTheSessionOrKeepsItInMemoryOnly() throws {
        var emptied = Self.signedIn()
        let current = try #require(emptied.session)
        let ended = emptied.storeReread(nil, readIn: emptied.generation, lastSeen: current, origin: Self.origin)
        #expect(ended.reading == .endedElsewhere)
        #expect(ended.end?.events == [.signedOut(.endedElsewhere)])
        #expect(ended.end?.cancellingRefresh == false)
        #expect(ended.lastSeen == nil)
        #expect(emptied.session == nil)
        #expect(emptied.state == .signedOut(.endedElsewhere))

        var switched = Self.signedIn()
        let other = StoredSession(
            tokens: Self.pair("b"), profileCompleted: true, origin: Self.origin, sessionID: "s2")
        let replaced = switched.storeReread(other, readIn: switched.generation, lastSeen: current, origin: Self.origin)
        #expect(replaced.reading == .replacedBySignIn)
        #expect(replaced.end?.reason == .endedElsewhere)
        #expect(replaced.lastSeen == other)
        #expect(switched.session == nil)

        var shared = Self.signedIn()
        let elsewhere = StoredSession(tokens: Self.pair("c"), profileCompleted: true, origin: "https://other.test")
        let otherOrigin = shared.storeReread(
            elsewhere, readIn: shared.generation, lastSeen: current, origin: Self.origin)
        #expect(otherOrigin.reading == .replacedByOtherOrigin)
        #expect(otherOrigin.end == nil)
        #expect(shared.isPersistent == false)
        #expect(shared.followsStore == false)
        #expect(shared.session == current)
    }

    /// A read of the store that an end overtook (a logout ends the session in memory before it
    /// waits for the store queue the reading change holds) adopts nothing and ends nothing again:
    /// neither a newer pair of the ended session, nor an empty store, nor another sign-in there.
    @Test func aRereadThatAnEndOvertook_leavesTheEndedSessionEnded() throws {
        let current = try #require(Self.signedIn().session)
        var newer = current
        newer.tokens = Self.pair("a2", issuedAt: Self.now.addingTimeInterval(60))
        let other = StoredSession(tokens: Self.pair("b"), profileCompleted: true, origin: Self.origin, sessionID: "s2")
        for stored in [newer, nil, other] {
            var machine = Self.signedIn()
            let readIn = machine.generation
            _ = machine.endSession(.loggedOut, cancellingRefresh: false)
            let generation = machine.generation

            let reread = machine.storeReread(stored, readIn: readIn, lastSeen: current, origin: Self.origin)

            #expect(reread.reading == .overtaken)
            #expect(reread.end == nil)
            #expect(reread.events.isEmpty)
            #expect(reread.lastSeen == current)
            #expect(machine.session == nil)
            #expect(machine.state == .signedOut(.loggedOut))
            #expect(machine.generation == generation)
            #expect(machine.isPersistent)
        }
    }

    /// Read in the session's own generation, a session kept in memory only ignores the store.
    @Test func aRereadOfASessionKeptInMemoryOnly_changesNothing() throws {
        var machine = Machine()
        let (session, _) = Machine.beginning(
            StoredSession(tokens: Self.pair("a"), profileCompleted: true), sessionID: "s1", origin: Self.origin,
            now: Self.now, persist: false)
        _ = machine.signInStored(session, persist: false, written: true)
        let reread = machine.storeReread(nil, readIn: machine.generation, lastSeen: nil, origin: Self.origin)
        #expect(reread.reading == .current)
        #expect(reread.end == nil)
        #expect(machine.session?.sessionID == "s1")
    }

    // MARK: - The profile state

    /// A profile change announces at once; when a pair adopted before it reaches the store was
    /// announced with the other state, the change is announced again (randomized seed 287).
    @Test func aProfileChange_afterAnAdoption_isAnnouncedAgain() throws {
        var machine = Self.signedIn(profileCompleted: false)
        let changed = machine.profileChanged(completed: true)
        let change = try #require(changed)
        #expect(change.events == [.signedIn])
        #expect(change.writesStore)
        #expect(machine.state == .signedIn)
        #expect(machine.session?.profileCompleted == true)

        // Another process's newer pair, stored before the change, still says "profile required".
        let current = try #require(machine.session)
        var stored = current
        stored.tokens = Self.pair("a2", issuedAt: Self.now.addingTimeInterval(60))
        stored.profileCompleted = false
        let reread = machine.storeReread(stored, readIn: machine.generation, lastSeen: nil, origin: Self.origin)
        #expect(reread.events == [.profileRequired])

        let events = machine.profileChangeReachesStore(completed: true, after: reread.reading)
        #expect(events == [.signedIn])
        #expect(machine.state == .signedIn)
        #expect(machine.session?.profileCompleted == true)
        // Nothing more to announce when the state did not move.
        #expect(machine.profileChangeReachesStore(completed: true, after: .current) == [])
    }

    /// A profile change without a session changes nothing; one whose store says the session ended
    /// or went to another origin writes nothing; one of a session kept in memory stops in memory.
    @Test func aProfileChange_writesTheStoreOnlyForAPersistentSessionStillThere() throws {
        var nobody = Machine()
        #expect(nobody.profileChanged(completed: true) == nil)
        #expect(nobody.state == .signedOut(.noSession))

        var machine = Self.signedIn()
        #expect(machine.profileChangeReachesStore(completed: false, after: .endedElsewhere) == nil)
        #expect(machine.profileChangeReachesStore(completed: false, after: .replacedByOtherOrigin) == nil)
        #expect(machine.state == .signedIn)

        var inMemory = Machine()
        _ = inMemory.signInStored(
            StoredSession(tokens: Self.pair("a"), profileCompleted: true), persist: false, written: true)
        #expect(inMemory.profileChanged(completed: false)?.writesStore == false)
    }

    // MARK: - A refresh

    /// The send of a refresh token is recorded in memory, and written only by a refresh holding the
    /// store of a persistent session; a record within the window (here or in the store) says the
    /// answer of an earlier send may have been lost.
    @Test func aRefreshSend_isRecorded_andAnEarlierOneWithinTheWindowIsKept() throws {
        var machine = Self.signedIn()
        #expect(machine.readsStoreBeforeRefresh(holdingStore: true))
        #expect(!machine.readsStoreBeforeRefresh(holdingStore: false))

        let first = machine.refreshSent(at: Self.now, stored: nil, window: 30, holdingStore: true)
        #expect(first == (sentBefore: false, writesStore: true))
        #expect(machine.session?.refreshSentAt == Self.now)

        let again = machine.refreshSent(
            at: Self.now.addingTimeInterval(10), stored: nil, window: 30, holdingStore: true)
        #expect(again == (sentBefore: true, writesStore: false))
        #expect(machine.session?.refreshSentAt == Self.now)

        // Another process recorded a send of the same token within the window.
        var other = Self.signedIn()
        var stored = try #require(other.session)
        stored.refreshSentAt = Self.now.addingTimeInterval(-5)
        let found = other.refreshSent(at: Self.now, stored: stored, window: 30, holdingStore: true)
        #expect(found.sentBefore)
        #expect(other.session?.refreshSentAt == Self.now.addingTimeInterval(-5))

        // Answered without a rotation: the record goes.
        #expect(machine.refreshSendForgotten(holdingStore: false) == false)
        #expect(machine.session?.refreshSentAt == nil)
        #expect(machine.refreshSendForgotten(holdingStore: true) == false)

        var nobody = Machine()
        #expect(nobody.refreshSent(at: Self.now, stored: nil, window: 30, holdingStore: true) == (false, false))
        #expect(nobody.session == nil)
    }

    /// A rotated pair becomes the session's, with the profile state memory holds now; the spent
    /// refresh token is retired and the replaced access token is answered with the new one.
    @Test func aRotation_replacesThePair_keepsTheProfileState_andRetiresTheSpentToken() throws {
        var machine = Self.signedIn(profileCompleted: true)
        let sent = try #require(machine.session)
        _ = machine.refreshSent(at: Self.now, stored: nil, window: 30, holdingStore: true)
        _ = machine.profileChanged(completed: false)
        let rotated = Self.pair("a2", issuedAt: Self.now.addingTimeInterval(60))

        let events = machine.refreshRotated(
            sent, to: rotated, receivedAt: Self.now.addingTimeInterval(61), dateHeader: nil, origin: Self.origin)

        #expect(events == [.tokensRefreshed])
        let session = try #require(machine.session)
        #expect(session.tokens == rotated)
        #expect(session.refreshSentAt == nil)
        #expect(session.profileCompleted == false)
        #expect(session.receivedAt == Self.now.addingTimeInterval(61))
        #expect(session.sessionID == sent.sessionID)
        #expect(machine.retiredRefreshTokens == [sent.tokens.refreshToken])
        #expect(
            machine.rejection(
                of: sent.tokens.accessToken, requestGeneration: machine.generation,
                currentAccessToken: rotated.accessToken) == .retry(with: rotated.accessToken))
    }
}
