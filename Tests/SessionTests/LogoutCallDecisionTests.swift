import Foundation
import Testing
import WoteData
import WoteDomain
import WoteSession

/// A logout's call to the backend, decided by the machine (`SessionStateMachine+LogoutCall.swift`)
/// with no engine, no actor and no network: which tokens it goes with, whether it goes at all, and
/// what each answer leads to.
@Suite struct LogoutCallDecisionTests {
    typealias Machine = SessionStateMachine

    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let accessTokenCall = LogoutCall(path: "/api/auth/logout", credential: .accessToken)
    static let refreshTokenCall = LogoutCall(path: "/users/logout", credential: .refreshToken(.bearer))

    /// A session whose access token expires at `now + expiresIn` on the device's clock, the server's
    /// clock `offset` seconds ahead.
    static func session(expiresIn: TimeInterval, offset: TimeInterval? = nil) -> StoredSession {
        let pair = TokenPair(
            accessToken: "a-access", refreshToken: "a-refresh", accessTokenExpiresAt: now.addingTimeInterval(expiresIn),
            refreshTokenExpiresAt: nil, receivedAt: now)
        return StoredSession(tokens: pair, profileCompleted: true, serverClockOffset: offset)
    }

    // MARK: - Which tokens

    @Test func aSessionThatEndedElsewhere_sendsNoCall() {
        #expect(
            Machine.logoutTokens(latest: nil, mayRefresh: true, call: Self.accessTokenCall, now: Self.now)
                == .endedElsewhere)
    }

    @Test func aValidAccessToken_goesAsItIs_keepingWhetherItMayBeRefreshed() {
        let valid = Self.session(expiresIn: 60)
        for mayRefresh in [true, false] {
            #expect(
                Machine.logoutTokens(latest: valid, mayRefresh: mayRefresh, call: Self.accessTokenCall, now: Self.now)
                    == .send(valid.tokens, mayRefresh: mayRefresh))
        }
    }

    /// Expired on the server's clock (ours is 120 s behind it), though not on the device's.
    @Test func anAccessTokenExpiredOnTheServersClock_isRefreshedFirst() {
        let expiredThere = Self.session(expiresIn: 60, offset: 120)
        #expect(
            Machine.logoutTokens(latest: expiredThere, mayRefresh: true, call: Self.accessTokenCall, now: Self.now)
                == .refreshFirst(expiredThere.tokens))
    }

    /// Another session replaced this one in the store: its refresh token is never spent again, and
    /// the call cannot go with an expired access token.
    @Test func anExpiredAccessToken_whoseRefreshTokenMayNotBeSpent_cannotBeSent() {
        let expired = Self.session(expiresIn: -1)
        #expect(
            Machine.logoutTokens(latest: expired, mayRefresh: false, call: Self.accessTokenCall, now: Self.now)
                == .cannotSend(expired.tokens, failure: .sessionExpired))
    }

    /// A call that carries the refresh token, or no call at all, needs no fresh access token.
    @Test func withoutAnAccessTokenCall_anExpiredAccessTokenIsNotRefreshed() {
        let expired = Self.session(expiresIn: -1)
        #expect(
            Machine.logoutTokens(latest: expired, mayRefresh: true, call: Self.refreshTokenCall, now: Self.now)
                == .send(expired.tokens, mayRefresh: true))
        #expect(
            Machine.logoutTokens(latest: expired, mayRefresh: true, call: nil, now: Self.now)
                == .send(expired.tokens, mayRefresh: true))
    }

    // MARK: - Whether the call goes

    @Test func theCallGoes_onlyWithACall_aSessionOfItsOwn_andTokens() {
        #expect(Machine.logoutCallBegins(hasCall: false, endedElsewhere: true, failure: .sessionExpired) == .noCall)
        #expect(Machine.logoutCallBegins(hasCall: true, endedElsewhere: true, failure: nil) == .toldElsewhere)
        #expect(
            Machine.logoutCallBegins(hasCall: true, endedElsewhere: false, failure: .sessionExpired)
                == .notTold(.sessionExpired))
        #expect(Machine.logoutCallBegins(hasCall: true, endedElsewhere: false, failure: nil) == nil)
    }

    // MARK: - What an answer leads to

    @Test func aRejectedAccessToken_isRefreshedOnce_andOnlyWhenItsRefreshTokenMayBeSpent() {
        let rejected = LogoutAnswer.accessTokenRejected(.sessionExpired)
        #expect(Machine.logoutAnswered(rejected, mayRefresh: true) == .refreshAndSendAgain)
        #expect(Machine.logoutAnswered(rejected, mayRefresh: false) == .finish(.notTold(.sessionExpired)))
        #expect(
            Machine.logoutMayRefresh(credential: .accessToken, refreshed: false, tokensMayRefresh: true) == true)
        // Once refreshed, a second rejection stands.
        #expect(
            Machine.logoutMayRefresh(credential: .accessToken, refreshed: true, tokensMayRefresh: true) == false)
        #expect(
            Machine.logoutMayRefresh(credential: .accessToken, refreshed: false, tokensMayRefresh: false) == false)
        #expect(
            Machine.logoutMayRefresh(credential: .refreshToken(.bearer), refreshed: false, tokensMayRefresh: true)
                == false)
    }

    @Test func anAcceptedLogout_isTold_aRefusedOneIsNot() {
        #expect(Machine.logoutAnswered(.accepted, mayRefresh: true) == .finish(.told))
        #expect(
            Machine.logoutAnswered(.refused(.profileRequired), mayRefresh: true) == .finish(.notTold(.profileRequired)))
    }
}
