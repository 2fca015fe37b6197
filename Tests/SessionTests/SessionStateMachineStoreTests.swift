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
}
