extension WoteState {
    /// Signs a member in by identity, creating the member on first sight (§4.1).
    func signIn(_ identity: MemberIdentity) -> SignInOutcome {
        let memberID: Int
        if let known = memberIDByIdentity[identity] {
            memberID = known
        } else {
            memberID = makeMemberID()
            members[memberID] = Member(id: memberID, identity: identity)
            memberIDByIdentity[identity] = memberID
        }
        return signIn(memberID: memberID)
    }

    private func signIn(memberID: Int) -> SignInOutcome {
        let pair = startSession(memberID: memberID)
        let member = members[memberID]
        return SignInOutcome(
            pair: pair,
            profileCompleted: member?.profileCompleted ?? false,
            consumerTypeExist: member?.consumerType != nil
        )
    }

    /// Creates an ID/password account (§4.12). The password arrives already hashed.
    func createAccount(loginId: String, details: AccountDetails) throws(SignUpRefusal) {
        let identity = MemberIdentity.account(loginId: loginId)
        guard memberIDByIdentity[identity] == nil else {
            throw SignUpRefusal(message: AccountRules.loginIdTakenMessage)
        }
        let memberID = makeMemberID()
        members[memberID] = Member(id: memberID, identity: identity, account: details)
        memberIDByIdentity[identity] = memberID
    }

    /// The stored hash for an ID, to check outside the actor (hashing is slow on purpose).
    func passwordHash(loginId: String) -> (memberID: Int, hash: PasswordHash)? {
        guard let memberID = memberIDByIdentity[.account(loginId: loginId)],
            let hash = members[memberID]?.account?.passwordHash
        else { return nil }
        return (memberID, hash)
    }

    /// Signs in an account whose password was checked (§4.13); `nil` if it vanished meanwhile.
    func signInAccount(memberID: Int) -> SignInOutcome? {
        guard members[memberID] != nil else { return nil }
        return signIn(memberID: memberID)
    }

    /// Deletes the member (§4.8) and its posts. Its sessions stay known but revoked, so its access tokens answer
    /// E001 and its refresh tokens E016 until they expire.
    func withdraw(memberID: Int) throws(APIError) {
        guard let member = members.removeValue(forKey: memberID) else {
            throw .filter(.memberNotFound)
        }
        memberIDByIdentity[member.identity] = nil
        if let profile = member.profile {
            memberIDByNickname[profile.nickname] = nil
            if let imageID = profile.imageID { images[imageID] = nil }
        }
        for (id, session) in sessions where session.memberID == memberID {
            sessions[id]?.revoked = true
        }
        // The member's posts go with it; its votes on other posts stay counted.
        for (id, post) in posts where post.authorID == memberID {
            removePost(id: id, imageFile: post.imageFile)
        }
    }

    /// The member's Apple name, for an Apple member (`apple:<name>`); `nil` otherwise.
    func appleName(memberID: Int) -> String? {
        guard case .apple(let name)? = members[memberID]?.identity else { return nil }
        return name
    }

    /// Unlinks the member with this nickname at its provider (test hook, standing in for Kakao's
    /// unlink callback or Apple's consent-revoked notification): every session ends, and its tokens
    /// answer X002. The member stays and may sign in again.
    /// - Returns: the member's id, or `nil` when no member has the nickname.
    func unlink(nickname: String) -> Int? {
        guard let memberID = memberIDByNickname[nickname] else { return nil }
        _ = endSessions(of: memberID, code: .providerUnlinked)
        return memberID
    }

    /// Bans the member with this nickname (test hook): its access tokens answer 403 E018 (§4.11) and
    /// its posts leave the feed.
    /// - Returns: the member's id, or `nil` when no member has the nickname.
    func ban(nickname: String) -> Int? {
        guard let memberID = memberIDByNickname[nickname] else { return nil }
        members[memberID]?.banned = true
        return memberID
    }
}
