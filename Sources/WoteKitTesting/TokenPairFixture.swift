public import Foundation
import WoteData
public import WoteDomain
import WoteRepository

/// A token pair for a test, in every form a test needs it: the ``TokenPair`` WoteKit keeps, the
/// pair as the Wote API sends it, and the whole refresh or login answer that carries it.
///
/// The tokens are JWT-shaped (`header.claims.signature`, with `sub`, `type`, `iat` and `exp`), as
/// Wote's are, and numbered so that two pairs never share a token. The wire forms are encoded with
/// the same types WoteKit reads the contract with, so they cannot drift from what it accepts.
///
/// ```swift
/// import WoteKitTesting
///
/// let clock = TestClock()
/// let first = TokenPairFixture(number: 1, issuedAt: clock.now)
/// let stub = StubTransport { request in
///     request.url?.path == "/api/auth/refresh"
///         ? TokenPairFixture(number: 2, issuedAt: clock.now).refreshAnswer
///         : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
/// }
/// let wote = WoteClient(
///     configuration: WoteConfiguration(
///         baseURL: URL(string: "https://api.wote.test")!, storage: InMemoryTokenStorage(),
///         transport: stub.transport, clock: clock.clock))
/// try await wote.beginSession(with: first.tokenPair)
/// ```
public struct TokenPairFixture: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// The access token (sent as `Authorization: Bearer`).
    public var accessToken: String
    /// The refresh token.
    public var refreshToken: String
    /// When the access token expires, sent as `accessExpirationTime`; `nil` leaves the field out.
    public var accessExpiresAt: Date?
    /// When the refresh token expires, sent as `refreshExpirationTime`; `nil` leaves the field out.
    public var refreshExpiresAt: Date?
    /// When the pair was issued: the start of its lifetime for WoteKit.
    public var issuedAt: Date

    /// A JWT-shaped pair numbered `number`, issued at `issuedAt`.
    ///
    /// - Parameters:
    ///   - number: tells pairs apart: pair 1 and pair 2 share no token.
    ///   - subject: the member the tokens are for (the JWTs' `sub`).
    ///   - issuedAt: when the pair was issued (the JWTs' `iat`).
    ///   - accessLifetime: how long the access token lives (its `exp` and `accessExpirationTime`).
    ///   - refreshLifetime: how long the refresh token lives.
    ///   - sendsExpirationTimes: whether the wire forms carry the expiration fields; without them
    ///     WoteKit reads the JWTs' `exp`.
    public init(
        number: Int = 1, subject: String = "member-1", issuedAt: Date = Date(timeIntervalSince1970: 1_700_000_000),
        accessLifetime: Duration = .seconds(3600), refreshLifetime: Duration = .seconds(14 * 86_400),
        sendsExpirationTimes: Bool = true
    ) {
        let accessExpiry = issuedAt.addingTimeInterval(accessLifetime.timeInterval)
        let refreshExpiry = issuedAt.addingTimeInterval(refreshLifetime.timeInterval)
        self.init(
            accessToken: Self.jwt(
                subject: subject, type: "access", issuedAt: issuedAt, expiresAt: accessExpiry, id: "a\(number)"),
            refreshToken: Self.jwt(
                subject: subject, type: "refresh", issuedAt: issuedAt, expiresAt: refreshExpiry, id: "r\(number)"),
            accessExpiresAt: sendsExpirationTimes ? accessExpiry : nil,
            refreshExpiresAt: sendsExpirationTimes ? refreshExpiry : nil, issuedAt: issuedAt)
    }

    /// A pair with the given tokens, for tests that want short readable ones (`"access-1"`).
    ///
    /// - Parameters:
    ///   - accessToken: the access token.
    ///   - refreshToken: the refresh token.
    ///   - accessExpiresAt: the access token's expiry on the wire; `nil` leaves the field out.
    ///   - refreshExpiresAt: the refresh token's expiry on the wire; `nil` leaves the field out.
    ///   - issuedAt: when the pair was issued.
    public init(
        accessToken: String, refreshToken: String, accessExpiresAt: Date?, refreshExpiresAt: Date?,
        issuedAt: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessExpiresAt = accessExpiresAt
        self.refreshExpiresAt = refreshExpiresAt
        self.issuedAt = issuedAt
    }

    /// The pair as WoteKit keeps it, received at ``issuedAt``: hand it to
    /// `WoteClient.beginSession(with:profileCompleted:remember:)`.
    public var tokenPair: TokenPair {
        TokenPair(
            accessToken: accessToken, refreshToken: refreshToken, accessTokenExpiresAt: accessExpiresAt,
            refreshTokenExpiresAt: refreshExpiresAt, receivedAt: issuedAt)
    }

    /// The pair as the API sends it (§3): `{"accessToken":…,"accessExpirationTime":<ms>,…}`.
    public var wireJSON: String { String(decoding: encodeWire(dto), as: UTF8.self) }

    /// The refresh call's success answer carrying this pair (§4.2): HTTP 200, the pair directly in `data`.
    public var refreshAnswer: StubTransport.Reply { .json(200, refreshAnswerJSON) }

    /// The body of ``refreshAnswer``, as JSON text: for an answer with headers of its own, or a
    /// server that writes bodies.
    ///
    /// ```swift
    /// import WoteKitTesting
    ///
    /// let pair = TokenPairFixture(number: 2)
    /// let answer = StubTransport.Reply.json(
    ///     200, pair.refreshAnswerJSON, headers: ["Date": "Tue, 14 Nov 2023 22:13:20 GMT"])
    /// ```
    public var refreshAnswerJSON: String {
        WireEnvelope(status: 200, message: "token renew success.", data: dto).json
    }

    /// A login answer carrying this pair (§4.1, §4.13).
    ///
    /// - Parameter profileCompleted: `true` for a success; `false` for HTTP 200 with body 400
    ///   E009 and the pair, the sign-in into "profile required".
    /// - Returns: the answer.
    public func loginAnswer(profileCompleted: Bool = true) -> StubTransport.Reply {
        .json(200, loginAnswerJSON(profileCompleted: profileCompleted))
    }

    /// The body of ``loginAnswer(profileCompleted:)``, as JSON text.
    ///
    /// - Parameters:
    ///   - profileCompleted: `true` for a success; `false` for body 400 E009 with the pair.
    ///   - consumerTypeExist: the success's `consumerTypeExist` (§4.1); `nil` leaves it out.
    /// - Returns: the envelope.
    public func loginAnswerJSON(profileCompleted: Bool = true, consumerTypeExist: Bool? = true) -> String {
        let data = LoginDataDTO(consumerTypeExist: profileCompleted ? consumerTypeExist : nil, jwtToken: dto)
        let envelope =
            profileCompleted
            ? WireEnvelope(status: 200, message: "SUCCESS", data: data)
            : WireEnvelope(
                status: 400, divisionCode: .signUpNotCompleted, message: "Not Completed SignUp Exception", data: data)
        return envelope.json
    }

    /// The tokens redacted.
    public var description: String {
        "TokenPairFixture(accessToken: <redacted>, refreshToken: <redacted>, issuedAt: \(issuedAt))"
    }

    /// A mirror without the tokens.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessExpiresAt": accessExpiresAt as Any, "refreshExpiresAt": refreshExpiresAt as Any,
                "issuedAt": issuedAt,
            ], displayStyle: .struct)
    }

    var dto: TokenPairDTO {
        TokenPairDTO(
            accessToken: accessToken, accessExpirationTime: accessExpiresAt.map(Self.milliseconds),
            refreshToken: refreshToken, refreshExpirationTime: refreshExpiresAt.map(Self.milliseconds))
    }

    static func milliseconds(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }

    /// An unsigned JWT-shaped token with the claims Wote's tokens carry (§3): `sub`, `type`, `iat`,
    /// `exp` (seconds), and `jti` to tell tokens apart. WoteKit never checks the signature.
    ///
    /// - Parameters:
    ///   - subject: the `sub` claim.
    ///   - type: `"access"` or `"refresh"`.
    ///   - issuedAt: the `iat` claim.
    ///   - expiresAt: the `exp` claim.
    ///   - id: the `jti` claim.
    /// - Returns: the token.
    public static func jwt(subject: String, type: String, issuedAt: Date, expiresAt: Date, id: String) -> String {
        struct Claims: Encodable {
            var sub: String
            var type: String
            var iat: Int64
            var exp: Int64
            var jti: String
        }
        let claims = Claims(
            sub: subject, type: type, iat: Int64(issuedAt.timeIntervalSince1970.rounded(.down)),
            exp: Int64(expiresAt.timeIntervalSince1970.rounded(.down)), jti: id)
        let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        return "\(header).\(base64URL(encodeWire(claims))).\(base64URL(Data("fake-\(id)".utf8)))"
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
