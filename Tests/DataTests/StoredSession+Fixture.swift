import Foundation
import WoteDomain

extension StoredSession {
    /// A session with whole-millisecond dates, as the store keeps them.
    static func fixture(access: String = "access.jwt", refresh: String = "refresh.jwt", completed: Bool = true)
        -> StoredSession
    {
        StoredSession(
            tokens: TokenPair(
                accessToken: access, refreshToken: refresh,
                accessTokenExpiresAt: Date(timeIntervalSince1970: 1_700_000_900.125),
                refreshTokenExpiresAt: Date(timeIntervalSince1970: 1_701_000_000),
                accessTokenIssuedAt: Date(timeIntervalSince1970: 1_700_000_000)),
            profileCompleted: completed)
    }
}
