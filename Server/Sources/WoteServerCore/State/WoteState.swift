/// All of the server's state, in memory: members, profiles, sessions, the tokens issued, posts, votes and
/// comments.
/// One actor, so that a withdrawal or a rotation changes everything it touches at once.
/// Nothing is persisted; a restart starts empty with a new signing secret.
actor WoteState {
    let codec: JWTCodec
    private let clock: ServerClock
    private(set) var clockOffsetMilliseconds: Int64 = 0
    private let initialSettings: TokenSettings
    private(set) var settings: TokenSettings

    var members: [Int: Member] = [:]
    var memberIDByIdentity: [MemberIdentity: Int] = [:]
    var memberIDByNickname: [String: Int] = [:]
    var images: [Int: [UInt8]] = [:]
    var sessions: [Int: Session] = [:]
    var tokens: [String: TokenRecord] = [:]
    var posts: [Int: Post] = [:]
    var comments: [Int: Comment] = [:]
    /// Post images by file name (`/images/posts/<file>`).
    var postImages: [String: PostImage] = [:]

    private var lastMemberID = 0
    private var lastSessionID = 0
    private var lastImageID = 0
    private var lastPostID = 0
    private var lastCommentID = 0
    private var issuedSinceSweep = 0

    init(settings: TokenSettings, clock: ServerClock = .live, codec: JWTCodec = JWTCodec()) {
        self.codec = codec
        self.clock = clock
        self.initialSettings = settings
        self.settings = settings
    }

    /// The server's "now": the clock plus whatever `/__test/clock` added.
    func nowMilliseconds() -> Int64 {
        clock.now() + clockOffsetMilliseconds
    }

    func advanceClock(byMilliseconds milliseconds: Int64) -> Int64 {
        clockOffsetMilliseconds += max(milliseconds, 0)
        return nowMilliseconds()
    }

    func updateSettings(_ change: (inout TokenSettings) -> Void) -> TokenSettings {
        change(&settings)
        return settings
    }

    /// Back to the launch settings; with `members`, forgets every member, session, token and post too.
    /// The clock never goes back, so tokens issued after an advance stay consistent.
    func reset(members resetMembers: Bool) {
        settings = initialSettings
        guard resetMembers else { return }
        members = [:]
        memberIDByIdentity = [:]
        memberIDByNickname = [:]
        images = [:]
        sessions = [:]
        tokens = [:]
        posts = [:]
        comments = [:]
        postImages = [:]
    }

    // MARK: Identifiers

    func makeMemberID() -> Int {
        lastMemberID += 1
        return lastMemberID
    }

    func makeImageID() -> Int {
        lastImageID += 1
        return lastImageID
    }

    /// A new comment id; ids are never reused.
    func makeCommentID() -> Int {
        lastCommentID += 1
        return lastCommentID
    }

    /// A new post id; ids are never reused, deleted posts included.
    func makePostID() -> Int {
        lastPostID += 1
        return lastPostID
    }

    // MARK: Issuing tokens

    /// Starts a new session for the member with a fresh pair.
    func startSession(memberID: Int) -> TokenPairDTO {
        lastSessionID += 1
        let (pair, accessJTI, refreshJTI) = issuePair(memberID: memberID, sessionID: lastSessionID)
        sessions[lastSessionID] = Session(id: lastSessionID, memberID: memberID, accessJTI: accessJTI, refreshJTI: refreshJTI)
        return pair
    }

    /// Issues a pair for an existing session and makes it the session's current one.
    func rotate(sessionID: Int) -> TokenPairDTO? {
        guard var session = sessions[sessionID] else { return nil }
        tokens[session.accessJTI]?.supersede()
        tokens[session.refreshJTI]?.supersede()
        let (pair, accessJTI, refreshJTI) = issuePair(memberID: session.memberID, sessionID: sessionID)
        session.lastRotation = Rotation(
            supersededRefreshJTI: session.refreshJTI, atMilliseconds: nowMilliseconds(), pair: pair)
        session.accessJTI = accessJTI
        session.refreshJTI = refreshJTI
        sessions[sessionID] = session
        return pair
    }

    private func issuePair(memberID: Int, sessionID: Int) -> (TokenPairDTO, String, String) {
        sweepIfDue()
        let now = nowMilliseconds()
        let access = issue(.access, memberID: memberID, sessionID: sessionID, now: now, ttl: settings.accessTTLMilliseconds)
        let refresh = issue(.refresh, memberID: memberID, sessionID: sessionID, now: now, ttl: settings.refreshTTLMilliseconds)
        let pair = TokenPairDTO(
            accessToken: access.token,
            accessExpirationTime: access.expiresAt,
            refreshToken: refresh.token,
            refreshExpirationTime: refresh.expiresAt
        )
        return (pair, access.jti, refresh.jti)
    }

    private func issue(
        _ kind: TokenClaims.Kind, memberID: Int, sessionID: Int, now: Int64, ttl: Int64
    ) -> (token: String, jti: String, expiresAt: Int64) {
        let jti = Self.makeTokenID()
        let expiresAt = now + ttl
        let claims = TokenClaims(
            sub: String(memberID),
            type: kind.rawValue,
            iat: now / 1000,
            exp: expiresAt / 1000,
            jti: jti
        )
        tokens[jti] = TokenRecord(sessionID: sessionID, kind: kind, expiresAtMilliseconds: expiresAt, state: .current)
        return (codec.sign(claims), jti, expiresAt)
    }

    private static func makeTokenID() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Forgets expired tokens, and sessions whose refresh token is gone, now and then, so memory
    /// does not grow with the number of refreshes.
    private func sweepIfDue() {
        issuedSinceSweep += 1
        guard issuedSinceSweep >= 512 else { return }
        issuedSinceSweep = 0
        let now = nowMilliseconds()
        tokens = tokens.filter { $0.value.expiresAtMilliseconds > now }
        sessions = sessions.filter { tokens[$0.value.refreshJTI] != nil }
    }
}

extension TokenRecord {
    fileprivate mutating func supersede() {
        if state == .current { state = .superseded }
    }
}
