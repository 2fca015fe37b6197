public import Foundation

/// What the store keeps for one session: the tokens and the state the server last put it in.
///
/// The state is a fact the server told (profile required or completed), not a "logged in" flag:
/// whether the session is still usable is decided from the tokens' expiry dates.
public struct StoredSession: Sendable, Equatable, Hashable {
    /// The token pair.
    public var tokens: TokenPair
    /// Whether the server last said the profile is completed.
    public var profileCompleted: Bool
    /// Apple's user identifier, when the session began with Sign in with Apple; WoteKit asks Apple
    /// whether that credential is still valid (``SignOutReason/appleCredentialRevoked``).
    public var appleUserID: String?
    /// The API origin that issued the tokens (`scheme://host:port`, default port filled in); `nil`
    /// for a session stored before origins were recorded, adopted by the first client that reads it.
    public var origin: String?
    /// How far the server's clock is ahead of the device's, in seconds, as last estimated from the
    /// server's answers; expiry is judged on the server's timeline. `nil` when never estimated.
    public var serverClockOffset: TimeInterval?
    /// When this pair was received, on the device clock; orders two pairs issued in the same second.
    public var receivedAt: Date?
    /// When this pair's refresh token was sent to be rotated and no answer has been saved since, on
    /// the device's wall clock; `nil` when no refresh of it is in flight or lost. The server may
    /// have rotated the pair while its answer never arrived (a time-out, a dropped connection, an
    /// app killed mid-refresh): the next launch or another process reads a refusal of this token
    /// within ``SessionConfiguration/LostAnswerRetry/window`` as ``SignOutReason/refreshAnswerLost``.
    /// Saving the rotated pair clears it.
    public var refreshSentAt: Date?
    /// Tells this session apart from every other session begun on the store: a random identifier
    /// given when the session begins (a sign-in), kept through every refresh, whichever process
    /// makes it. A pair in the store with another identifier is another sign-in (an account switch
    /// in another process), never a refresh of this session: its tokens are not taken for this
    /// session's, and this session's end does not remove it. `nil` for a session stored by an older
    /// version, which is then told apart by its tokens only, as before.
    public var sessionID: String?
    /// How many times a refresh rotated this session's pair since its sign-in (0 at the sign-in),
    /// counted by every refresh of this version, whichever process makes it: it orders two pairs of
    /// one session when their issue dates cannot (opaque tokens dated by a device clock that was
    /// moved back). `nil` for a pair an older version wrote, which is then ordered by its dates.
    package var rotation: Int?

    /// Creates a stored session.
    ///
    /// - Parameters:
    ///   - tokens: the token pair.
    ///   - profileCompleted: whether the server last said the profile is completed.
    ///   - appleUserID: Apple's user identifier, for a Sign in with Apple session.
    ///   - origin: the API origin that issued the tokens.
    ///   - serverClockOffset: how far the server's clock is ahead of the device's, in seconds.
    ///   - receivedAt: when the pair was received, on the device clock.
    ///   - refreshSentAt: when the pair's refresh token was sent without an answer saved since.
    ///   - sessionID: the session's identifier; WoteKit gives one when the session begins.
    public init(
        tokens: TokenPair, profileCompleted: Bool, appleUserID: String? = nil, origin: String? = nil,
        serverClockOffset: TimeInterval? = nil, receivedAt: Date? = nil, refreshSentAt: Date? = nil,
        sessionID: String? = nil
    ) {
        self.refreshSentAt = refreshSentAt
        self.sessionID = sessionID
        self.tokens = tokens
        self.profileCompleted = profileCompleted
        self.appleUserID = appleUserID
        self.origin = origin
        self.serverClockOffset = serverClockOffset
        self.receivedAt = receivedAt
    }
}

extension StoredSession: Codable {
    private enum CodingKeys: String, CodingKey {
        case version, accessToken, refreshToken, accessTokenExpiresAt, refreshTokenExpiresAt
        case accessTokenIssuedAt, profileCompleted, appleUserID
        case origin, serverClockOffsetMilliseconds, receivedAt, refreshSentAt, sessionID, rotation
    }

    /// The last moment the stored format represents (9999-12-31T23:59:59Z), in epoch milliseconds;
    /// a stored date beyond it is corrupted, and a later date is written as this one.
    public static let latestMilliseconds: Double = 253_402_300_799_000

    /// The format version written by ``encode(to:)``, and the newest one this version reads.
    ///
    /// Every format any version of WoteKit has written carries it (`"version": 1` since the first
    /// commit; the fixtures in `Tests/DataTests/Fixtures/StoreFormats` are each of them). A key an
    /// older version may ignore (an optional one, as `appleUserID`, `origin`,
    /// `serverClockOffsetMilliseconds`, `receivedAt`, `refreshSentAt` and `sessionID` were) keeps the version; a change an older
    /// version would misread raises it, and an older version then refuses the store
    /// (``NewerFormat``) rather than reading or replacing it.
    public static let formatVersion = 1

    /// A stored session written by a newer version of WoteKit, in a format this one does not know:
    /// not corrupted, and never to be replaced by this version.
    public struct NewerFormat: Error, Sendable, Equatable {
        /// The stored format version (greater than ``StoredSession/formatVersion``).
        public let version: Int

        /// A store in format `version`.
        public init(version: Int) {
            self.version = version
        }
    }

    /// The stored format version of `contents` when it is newer than ``formatVersion``: a JSON object
    /// whose `version` is an integer greater than it; `nil` for anything else (this version's format,
    /// or bytes that are no session at all).
    ///
    /// - Parameter contents: the stored bytes.
    /// - Returns: the newer version, or `nil`.
    public static func newerFormatVersion(in contents: Data) -> Int? {
        struct Versioned: Decodable { let version: Int }
        guard let version = try? JSONDecoder().decode(Versioned.self, from: contents).version,
            version > formatVersion
        else { return nil }
        return version
    }

    /// Decodes the stored format; dates are epoch milliseconds.
    ///
    /// - Throws: ``NewerFormat`` when a newer version of WoteKit wrote it; `DecodingError` when it
    ///   is no session.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version <= StoredSession.formatVersion else { throw NewerFormat(version: version) }
        guard version == StoredSession.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "unknown format version \(version)")
        }
        func date(_ key: CodingKeys) throws -> Date? {
            guard let millis = try container.decodeIfPresent(Int64.self, forKey: key) else { return nil }
            guard abs(Double(millis)) <= StoredSession.latestMilliseconds else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "date out of range")
            }
            return Date(timeIntervalSince1970: Double(millis) / 1000)
        }
        let access = try container.decode(String.self, forKey: .accessToken)
        let refresh = try container.decode(String.self, forKey: .refreshToken)
        guard !access.isEmpty, !refresh.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .accessToken, in: container, debugDescription: "empty token")
        }
        guard let issuedAt = try date(.accessTokenIssuedAt) else {
            throw DecodingError.keyNotFound(
                CodingKeys.accessTokenIssuedAt, .init(codingPath: [], debugDescription: "missing issue date"))
        }
        tokens = TokenPair(
            accessToken: access, refreshToken: refresh,
            accessTokenExpiresAt: try date(.accessTokenExpiresAt),
            refreshTokenExpiresAt: try date(.refreshTokenExpiresAt), accessTokenIssuedAt: issuedAt)
        profileCompleted = try container.decode(Bool.self, forKey: .profileCompleted)
        // Optional within version 1: files written before Sign in with Apple kept it have none.
        appleUserID = try container.decodeIfPresent(String.self, forKey: .appleUserID).flatMap { $0.isEmpty ? nil : $0 }
        origin = try container.decodeIfPresent(String.self, forKey: .origin)
        serverClockOffset = try container.decodeIfPresent(Int64.self, forKey: .serverClockOffsetMilliseconds).map {
            Double($0) / 1000
        }
        receivedAt = try date(.receivedAt)
        // Optional within version 1: an older reader ignores it (and drops it when it saves).
        refreshSentAt = try date(.refreshSentAt)
        // Optional within version 1 (issue 33): an older reader ignores it and drops it when it
        // saves; the session is then told apart by its tokens, as that version does.
        sessionID = try container.decodeIfPresent(String.self, forKey: .sessionID).flatMap { $0.isEmpty ? nil : $0 }
        // Optional within version 1 (issue 45): an older reader ignores it and drops it when it saves.
        rotation = try container.decodeIfPresent(Int.self, forKey: .rotation).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Encodes the stored format; dates are epoch milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func millis(_ date: Date) -> Int64 {
            // Clamped, so a date an app made up (or `.distantFuture`) cannot trap the conversion.
            let value = (date.timeIntervalSince1970 * 1000).rounded()
            guard value.isFinite else { return 0 }
            return Int64(min(max(value, -StoredSession.latestMilliseconds), StoredSession.latestMilliseconds))
        }
        try container.encode(StoredSession.formatVersion, forKey: .version)
        try container.encode(tokens.accessToken, forKey: .accessToken)
        try container.encode(tokens.refreshToken, forKey: .refreshToken)
        try container.encodeIfPresent(tokens.accessTokenExpiresAt.map(millis), forKey: .accessTokenExpiresAt)
        try container.encodeIfPresent(tokens.refreshTokenExpiresAt.map(millis), forKey: .refreshTokenExpiresAt)
        try container.encode(millis(tokens.accessTokenIssuedAt), forKey: .accessTokenIssuedAt)
        try container.encode(profileCompleted, forKey: .profileCompleted)
        try container.encodeIfPresent(appleUserID, forKey: .appleUserID)
        try container.encodeIfPresent(origin, forKey: .origin)
        try container.encodeIfPresent(
            serverClockOffset.map { millis(Date(timeIntervalSince1970: $0)) }, forKey: .serverClockOffsetMilliseconds)
        try container.encodeIfPresent(receivedAt.map(millis), forKey: .receivedAt)
        try container.encodeIfPresent(refreshSentAt.map(millis), forKey: .refreshSentAt)
        try container.encodeIfPresent(sessionID, forKey: .sessionID)
        try container.encodeIfPresent(rotation, forKey: .rotation)
    }
}
