import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// The machine's reading of a stored session's identity (``StoredSession/sessionID``): another
/// session of this origin in the store is another sign-in, never a pair to adopt, to log out with or
/// to remove; a session an older version stored (no identifier) is told apart by its tokens, as before.
@Suite struct StoredSessionIdentityTests {
    typealias Machine = SessionStateMachine
    static let origin = "https://api.wote.test:443"

    static func session(_ number: Int, id: String?, issuedAt: TimeInterval = 1_700_000_000) -> StoredSession {
        StoredSession(
            tokens: TokenPair(
                accessToken: "access-\(number)", refreshToken: "refresh-\(number)",
                accessTokenExpiresAt: Date(timeIntervalSince1970: issuedAt + 3_600), refreshTokenExpiresAt: nil,
                accessTokenIssuedAt: Date(timeIntervalSince1970: issuedAt)),
            profileCompleted: true, origin: origin, sessionID: id)
    }

    @Test func aNewerPairOfAnotherSession_isASignInElsewhere_notAPairToAdopt() {
        let current = Self.session(1, id: "A")
        let stored = Self.session(2, id: "B", issuedAt: 1_700_000_100)

        #expect(Machine.reading(stored, current: current, lastSeen: current, origin: Self.origin) == .replacedBySignIn)
    }

    @Test func aNewerPairOfThisSession_isAdopted() {
        let current = Self.session(1, id: "A")
        let stored = Self.session(2, id: "A", issuedAt: 1_700_000_100)

        #expect(Machine.reading(stored, current: current, lastSeen: current, origin: Self.origin) == .adopted)
    }

    /// Only a sign-in gives an identifier and every refresh keeps a missing one: an identified
    /// session in the store over one an older version stored (no identifier) is a sign-in elsewhere.
    @Test func anIdentifiedSessionInTheStore_overOneWithout_isASignInElsewhere() {
        let legacy = Self.session(1, id: nil)
        let signedInElsewhere = Self.session(2, id: "B", issuedAt: 1_700_000_100)

        #expect(
            Machine.reading(signedInElsewhere, current: legacy, lastSeen: legacy, origin: Self.origin)
                == .replacedBySignIn)
        #expect(!Machine.isSameSession(signedInElsewhere, as: legacy))
        #expect(
            Machine.logoutSession(ending: legacy, landed: nil, stored: signedInElsewhere, origin: Self.origin) == legacy
        )
    }

    /// Two sessions without an identifier (both stored by an older version) are told apart by
    /// their tokens, as before.
    @Test func withoutAnIdentifierEitherSide_theTokensDecide_asBefore() {
        let mine = Self.session(1, id: nil)
        let theirs = Self.session(2, id: nil, issuedAt: 1_700_000_100)

        #expect(Machine.reading(theirs, current: mine, lastSeen: mine, origin: Self.origin) == .adopted)
        #expect(Machine.isSameSession(theirs, as: mine))
    }

    /// Issue 45, finding 9: a session without an identifier over an identified one (an older
    /// version in the same App Group signed in, perhaps as another member, or refreshed it) is
    /// another session: it ends this one, and is never adopted as a refresh of it.
    @Test func finding9_aSessionWithoutAnIdentifierOverAnIdentifiedOne_isAnotherSignIn() {
        let mine = Self.session(1, id: "A")
        let theirs = Self.session(2, id: nil, issuedAt: 1_700_000_100)

        #expect(Machine.reading(theirs, current: mine, lastSeen: mine, origin: Self.origin) == .replacedBySignIn)
        #expect(!Machine.isSameSession(theirs, as: mine))
        #expect(Machine.logoutSession(ending: mine, landed: nil, stored: theirs, origin: Self.origin) == mine)
    }

    @Test func aLogout_neverTakesAnotherSessionsPair_evenANewerOne() {
        let ending = Self.session(1, id: "A")
        let stored = Self.session(2, id: "B", issuedAt: 1_700_000_100)
        let refreshedElsewhere = Self.session(3, id: "A", issuedAt: 1_700_000_100)

        #expect(Machine.logoutSession(ending: ending, landed: nil, stored: stored, origin: Self.origin) == ending)
        #expect(
            Machine.logoutSession(ending: ending, landed: nil, stored: refreshedElsewhere, origin: Self.origin)
                == refreshedElsewhere)
    }

    @Test func anEnd_leavesAnotherSessionInTheStore_andRemovesItsOwn() {
        let other = Self.session(2, id: "B")
        var otherOrigin = Self.session(3, id: "A")
        otherOrigin.origin = "https://elsewhere.test:443"

        #expect(Machine.endLeaves(other, endedSessionID: "A", origin: Self.origin))
        #expect(Machine.endLeaves(otherOrigin, endedSessionID: "A", origin: Self.origin))
        #expect(!Machine.endLeaves(Self.session(1, id: "A"), endedSessionID: "A", origin: Self.origin))
        #expect(!Machine.endLeaves(Self.session(1, id: nil), endedSessionID: "A", origin: Self.origin))
        #expect(!Machine.endLeaves(other, endedSessionID: nil, origin: Self.origin))
        #expect(Machine.owedRemoval(of: other, endedSessionID: "A", origin: Self.origin) == .nothingLeft)
        #expect(Machine.owedRemoval(of: Self.session(1, id: "A"), endedSessionID: "A", origin: Self.origin) == .remove)
    }

    /// The end of a session without an identifier removes a session without one (its own, or an
    /// older version's pair of it), never an identified one, which a sign-in since stored.
    @Test func anEndOfASessionWithoutAnIdentifier_leavesAnIdentifiedOne() {
        let ended = Machine.endedSessionID(ending: Self.session(1, id: nil), owed: nil)
        #expect(Machine.endLeaves(Self.session(2, id: "B"), endedSessionID: ended, origin: Self.origin))
        #expect(!Machine.endLeaves(Self.session(1, id: nil), endedSessionID: ended, origin: Self.origin))
        #expect(
            Machine.owedRemoval(of: Self.session(2, id: "B"), endedSessionID: ended, origin: Self.origin)
                == .nothingLeft)
    }

    @Test func anEndWithoutASession_removesTheOwedSession_orWhateverTheStoreHolds_neverByAnEarlierEndsIdentifier() {
        #expect(Machine.endedSessionID(ending: Self.session(1, id: "A"), owed: "X") == "A")
        #expect(Machine.endedSessionID(ending: Self.session(1, id: nil), owed: "X") == Machine.withoutIdentifier)
        #expect(Machine.endedSessionID(ending: nil, owed: "X") == "X")
        #expect(Machine.endedSessionID(ending: nil, owed: nil) == nil)
    }
}

extension StoredSessionIdentityTests {
    @Test func aLogout_spendsNoRefreshToken_whenAnotherSessionReplacedItsOwnInTheStore() {
        let ending = Self.session(1, id: "A")

        #expect(!Machine.logoutMayRefresh(stored: Self.session(2, id: "B"), ending: ending, origin: Self.origin))
        #expect(Machine.logoutMayRefresh(stored: Self.session(3, id: "A"), ending: ending, origin: Self.origin))
        #expect(Machine.logoutMayRefresh(stored: nil, ending: ending, origin: Self.origin))
        #expect(!Machine.logoutMayRefresh(stored: Self.session(2, id: nil), ending: ending, origin: Self.origin))
    }

    /// Issue 45, finding 10: opaque tokens are dated by the device clock; after it was moved back, a
    /// newer pair of the same session carries an earlier date. The count of rotations orders them.
    @Test func finding10_aNewerPairDatedByAClockMovedBack_isStillNewer() {
        var older = Self.session(1, id: "A", issuedAt: 1_700_000_000)
        older.rotation = 1
        var newer = Self.session(2, id: "A", issuedAt: 1_699_996_400)  // an hour earlier
        newer.rotation = 2

        #expect(Machine.isNewer(newer, than: older))
        #expect(!Machine.isNewer(older, than: newer))
        #expect(Machine.reading(newer, current: older, lastSeen: older, origin: Self.origin) == .adopted)
        // A pair without the count (an older version's) is ordered by its dates, as before.
        var undated = newer
        undated.rotation = nil
        #expect(!Machine.isNewer(undated, than: older))
    }

    /// Each refresh of this version counts one more rotation from the pair it sent; a sign-in starts
    /// at zero.
    @Test func finding10_aRefreshCountsOneMoreRotation_andASignInStartsAtZero() {
        let (begun, _) = Machine.beginning(
            Self.session(1, id: nil), sessionID: "A", origin: Self.origin, now: Date(), persist: true)
        #expect(begun.rotation == 0)
        var machine = Machine()
        _ = machine.refreshRotated(
            begun, to: Self.session(2, id: "A").tokens, receivedAt: Date(), dateHeader: nil, origin: Self.origin)
        #expect(machine.session?.rotation == 1)
    }
}
