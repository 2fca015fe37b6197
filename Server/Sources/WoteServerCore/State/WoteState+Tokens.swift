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

    /// Rotates the pair of the refresh token's session (§4.2).
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
        if record.state != .current && settings.strictRotation {
            sessions[session.id]?.revoked = true
            return nil
        }
        return rotate(sessionID: session.id)
    }

    /// Bans the access token (§4.3); the refresh token stays valid, as on the real server.
    func logout(tokenID: String, memberID: Int, deviceToken: String?) {
        tokens[tokenID]?.state = .loggedOut
        if let deviceToken, !deviceToken.isEmpty {
            members[memberID]?.deviceTokens.remove(deviceToken)
        }
    }
}
