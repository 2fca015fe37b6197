extension WoteState {
    /// Six months, in milliseconds, between school changes (E017).
    static let schoolChangeInterval: Int64 = 183 * 86_400_000

    func isNicknameTaken(_ nickname: String) -> Bool {
        memberIDByNickname[nickname] != nil
    }

    func member(_ memberID: Int) throws(APIError) -> Member {
        guard let member = members[memberID] else { throw .filter(.memberNotFound) }
        return member
    }

    /// Sets or changes the profile (§4.5). `nickname` is already NFC-normalised and checked.
    func setProfile(memberID: Int, nickname: String, school: School, image: [UInt8]?) throws(APIError) {
        guard var member = members[memberID] else { throw .filter(.memberNotFound) }
        if let owner = memberIDByNickname[nickname], owner != memberID {
            throw .handled(.nicknameInUse)
        }
        let now = nowMilliseconds()
        var schoolChangedAt = now
        if let old = member.profile {
            if old.school == school {
                schoolChangedAt = old.schoolChangedAtMilliseconds
            } else if now - old.schoolChangedAtMilliseconds < Self.schoolChangeInterval {
                throw .handled(.schoolChangedRecently)
            }
            memberIDByNickname[old.nickname] = nil
        }
        var imageID = member.profile?.imageID
        if let image {
            if let imageID { images[imageID] = nil }
            let newImageID = makeImageID()
            images[newImageID] = image
            imageID = newImageID
        }
        member.profile = Profile(
            nickname: nickname,
            school: school,
            imageID: imageID,
            schoolChangedAtMilliseconds: schoolChangedAt
        )
        members[memberID] = member
        memberIDByNickname[nickname] = memberID
    }

    func setConsumerType(memberID: Int, _ consumerType: ConsumerType) throws(APIError) {
        guard members[memberID] != nil else { throw .filter(.memberNotFound) }
        members[memberID]?.consumerType = consumerType
    }

    func addDeviceToken(memberID: Int, _ token: String) throws(APIError) {
        guard members[memberID] != nil else { throw .filter(.memberNotFound) }
        members[memberID]?.deviceTokens.insert(token)
    }

    func image(_ imageID: Int) -> [UInt8]? {
        images[imageID]
    }
}
