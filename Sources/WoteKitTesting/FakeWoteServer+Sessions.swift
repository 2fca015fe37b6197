import WoteData
public import WoteDomain
import WoteLocked

/// Sessions one by one: the server numbers each sign-in's session, so a test can tell which session
/// a token belongs to, refresh one as another process would, or end one on the server.
extension FakeWoteServer {
    /// The number of the session (one sign-in, through all its refreshes) that `token` was issued
    /// for, access or refresh token; `nil` for a token this server never issued.
    ///
    /// For an app's test that checks *which* sign-in a request or a stored pair belongs to, for
    /// instance that nothing of the previous account goes out after an account switch. Sessions
    /// are numbered from 1 in the order they started.
    ///
    /// ```swift
    /// import Testing
    /// import WoteKitTesting
    ///
    /// let server = FakeWoteServer()
    /// let first = server.issuePair()
    /// let second = server.issuePair(for: "member-2")
    /// #expect(server.session(of: first.accessToken) == 1)
    /// #expect(server.session(of: second.refreshToken) == 2)
    /// #expect(server.session(of: "not-a-token") == nil)
    /// ```
    public func session(of token: String) -> Int? {
        state.withLock { $0.familyOfAccess[token] ?? $0.familyOfRefresh[token] }
    }

    /// The member session `id` signed in; `nil` when there is no such session.
    public func member(ofSession id: Int) -> String? {
        state.withLock { $0.families[id]?.member }
    }

    /// Refreshes session `id` as another process would (an app extension or a second app sharing
    /// the Keychain item): the server rotates the pair without a request from the client under test,
    /// so the refresh token that client holds is now replaced, and presenting it meets the server's
    /// ``Rotation``.
    ///
    /// For an app's test of "another process refreshed the session": write the returned pair to the
    /// shared storage, as the other process would, and see that the app adopts it.
    ///
    /// - Returns: the new pair, received now; `nil` when the session has ended on the server
    ///   (ended, expired, member banned or deleted) or does not exist.
    public func rotateSession(_ id: Int) -> TokenPair? {
        let now = serverTime
        return state.withLock { state -> TokenPair? in
            guard let family = state.families[id], !family.revoked, now < family.refreshExpiry,
                let member = state.members[family.member], !member.banned, !member.deleted
            else { return nil }
            return state.rotate(id, at: now).tokenPair
        }
    }

    /// Ends session `id` on the server, and only it: its refresh token is answered 200 E016 and its
    /// access tokens 401 E006, while the member's other sessions go on working.
    ///
    /// For an app's test of one session found dead (a refresh answered "invalid refresh token")
    /// while the same member stays signed in elsewhere; to end every session of a member, use
    /// ``expireSessions(of:)``, ``ban(_:)`` or ``deleteMember(_:)``.
    public func endSession(_ id: Int) {
        state.withLock { $0.families[id]?.revoked = true }
    }
}
