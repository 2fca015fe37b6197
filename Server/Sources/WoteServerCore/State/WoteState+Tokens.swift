extension WoteState {
    /// Decides whether a signature-checked access token may be used (§4.2, §4.3, §4.8, §4.11).
    func checkAccess(_ claims: TokenClaims) -> AccessCheck {
        guard claims.kind == .access else {
            return .rejected(.filter(.unsupportedJWT, "Unsupported JWT: not an access token"), nil)
        }
        let record = tokens[claims.jti]
        let expiresAt = record?.expiresAtMilliseconds ?? claims.exp * 1000
        if nowMilliseconds() >= expiresAt {
            return .rejected(.filter(.expiredJWT), .expired)
        }
        guard let record, let session = sessions[record.sessionID] else {
            return .rejected(.filter(.expiredJWT, "Expired JWT: unknown token"), nil)
        }
        guard let member = members[session.memberID] else {
            return .rejected(.filter(.memberNotFound), nil)
        }
        if session.revoked {
            if let code = session.endingCode { return .rejected(.filter(code), nil) }
            return .rejected(.filter(.expiredJWT, "Expired JWT: session revoked"), nil)
        }
        if member.banned {
            return .rejected(.filter(.bannedMember), nil)
        }
        switch record.state {
        case .loggedOut:
            return .rejected(.filter(.expiredJWT, "Expired JWT: logged out"), nil)
        case .superseded:
            return .rejected(.filter(.expiredJWT, "Expired JWT: superseded by a refresh"), .superseded)
        case .current:
            return .accepted(
                AuthenticatedMember(memberID: member.id, tokenID: claims.jti, profileCompleted: member.profileCompleted)
            )
        }
    }

    /// Rotates the pair of the refresh token's session (§4.2). A superseded refresh token gets what
    /// ``TokenSettings/refreshReuse`` says: `lax` rotates again, `strict` revokes the session (E016),
    /// `grace` answers the pair it was exchanged for when it is the one just superseded, within the
    /// grace window and while that pair is still current, and otherwise revokes as `strict` does.
    /// - Returns: the new pair, or `nil` for E016.
    func refresh(_ claims: TokenClaims) -> TokenPairDTO? {
        guard claims.kind == .refresh,
            let record = tokens[claims.jti],
            record.kind == .refresh,
            nowMilliseconds() < record.expiresAtMilliseconds,
            let session = sessions[record.sessionID],
            !session.revoked,
            members[session.memberID] != nil
        else { return nil }
        guard record.state != .current else { return rotate(sessionID: session.id) }
        switch settings.refreshReuse {
        case .lax:
            return rotate(sessionID: session.id)
        case .grace:
            if let rotation = session.lastRotation, rotation.supersededRefreshJTI == claims.jti,
                nowMilliseconds() - rotation.atMilliseconds <= settings.reuseGraceMilliseconds,
                tokens[session.refreshJTI]?.state == .current
            {
                return rotation.pair
            }
            sessions[session.id]?.revoked = true
            return nil
        case .strict:
            sessions[session.id]?.revoked = true
            return nil
        }
    }

    /// The `[ext]` code a refresh token of a session ended with its own verdict is refused with
    /// (X001, X002), or `nil` for E016.
    func endingCode(ofRefresh claims: TokenClaims) -> DivisionCode? {
        guard let record = tokens[claims.jti], let session = sessions[record.sessionID], session.revoked else { return nil }
        return session.endingCode
    }

    /// Bans the access token (§4.3); the refresh token stays valid, as on the real server, unless
    /// the `[ext]` `refreshToken` names it (extensions on): then that sign-in's whole family (its
    /// session, every token it issued) is revoked, when the refresh token is the member's own.
    /// - Returns: whether a family was revoked.
    @discardableResult
    func logout(tokenID: String, memberID: Int, deviceToken: String?, refreshToken: TokenClaims? = nil) -> Bool {
        tokens[tokenID]?.state = .loggedOut
        if let deviceToken, !deviceToken.isEmpty {
            members[memberID]?.deviceTokens.remove(deviceToken)
        }
        guard settings.extensions, let refreshToken, refreshToken.kind == .refresh,
            let record = tokens[refreshToken.jti], record.kind == .refresh,
            let session = sessions[record.sessionID], session.memberID == memberID
        else { return false }
        sessions[session.id]?.revoked = true
        return true
    }

    /// `[ext]` "sign out everywhere": revokes every session of the member; their tokens then answer
    /// X001 (the caller's own session included).
    /// - Returns: how many sessions were ended.
    func logoutEverywhere(memberID: Int) -> Int {
        endSessions(of: memberID, code: .signedOutEverywhere)
    }

    /// Ends every live session of `memberID` with `code` as its verdict.
    /// - Returns: how many sessions were ended.
    func endSessions(of memberID: Int, code: DivisionCode) -> Int {
        var ended = 0
        for (id, session) in sessions where session.memberID == memberID && !session.revoked {
            sessions[id]?.revoked = true
            sessions[id]?.endingCode = code
            ended += 1
        }
        return ended
    }
}
