import Foundation
import WoteKit
import WoteKitTesting
import WoteTestSupport

/// Sessions written straight into a store file, and the answers a scripted server gives.
enum Fixtures {
    /// Tokens that must never show up in output unless `--show-tokens` asks for them.
    static let accessToken = "access-token-SECRET-1f2e3d"
    static let refreshToken = "refresh-token-SECRET-9a8b7c"

    /// Writes a session to the store file at `url` (creating its folder), as `wote login` would.
    ///
    /// - Parameters:
    ///   - accessExpiresIn: seconds from now until the access token expires (negative: expired).
    ///   - refreshExpiresIn: seconds from now until the refresh token expires.
    ///   - completed: whether the profile is completed.
    static func storeSession(
        at url: URL, accessExpiresIn: TimeInterval = 1800, refreshExpiresIn: TimeInterval = 86400,
        completed: Bool = true
    ) throws {
        let now = Date()
        let session = StoredSession(
            tokens: TokenPair(
                accessToken: accessToken, refreshToken: refreshToken,
                accessTokenExpiresAt: now.addingTimeInterval(accessExpiresIn),
                refreshTokenExpiresAt: now.addingTimeInterval(refreshExpiresIn),
                accessTokenIssuedAt: now.addingTimeInterval(min(accessExpiresIn, 0) - 1800)),
            profileCompleted: completed)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(session).write(to: url)
    }

    /// Writes a session whose tokens have both expired to the store file at `url`, and starts a
    /// server that refuses its refresh with E016: the device clock alone signs nobody out, the
    /// refresh is tried and the server refuses it.
    static func expiredSessionAndItsRefreshRefused(at url: URL) throws -> LoopbackHTTPServer {
        try storeSession(at: url, accessExpiresIn: -600, refreshExpiresIn: -300)
        return try LoopbackHTTPServer { _ in envelope(status: 401, code: "E016", message: "Invalid refresh token") }
    }

    /// A JSON answer.
    static func json(_ body: String, status: Int = 200) -> LoopbackHTTPServer.Response {
        LoopbackHTTPServer.Response(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// An error envelope.
    static func envelope(status: Int, code: String, message: String, http: Int? = nil) -> LoopbackHTTPServer.Response {
        json(#"{"status":\#(status),"divisionCode":"\#(code)","message":"\#(message)"}"#, status: http ?? status)
    }

    /// A login answer: E009 with tokens (HTTP 200) for a member without a profile, else success.
    static func login(completed: Bool, accessTTL: TimeInterval = 1800) -> LoopbackHTTPServer.Response {
        let now = Date()
        let pair = TokenPairFixture(
            accessToken: accessToken, refreshToken: refreshToken, accessExpiresAt: now.addingTimeInterval(accessTTL),
            refreshExpiresAt: now.addingTimeInterval(86_400)
        )
        return json(pair.loginAnswerJSON(profileCompleted: completed, consumerTypeExist: false))
    }

    /// `GET /api/profiles` for a member with a profile.
    static let profile = json(
        #"{"status":200,"message":"SUCCESS","data":{"nickname":"투표왕","school":{"schoolName":"서울고","schoolRegion":"서울"},"canUpdateConsumerType":true}}"#
    )

    /// A plain success envelope.
    static let success = json(#"{"status":200,"message":"SUCCESS"}"#)

    /// An HTML page such as a proxy's or a login form's.
    static func html(status: Int = 200) -> LoopbackHTTPServer.Response {
        LoopbackHTTPServer.Response(
            status: status, headers: ["Content-Type": "text/html"], body: "<html><body>Bad Gateway</body></html>")
    }
}
