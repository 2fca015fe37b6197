import Foundation
import WoteDomain

extension FakeWoteServer {
    /// A member as the server keeps it.
    struct Member {
        var id: String
        var profile: User?
        var loginId: String?
        var password: String?
        var banned = false
        var deleted = false
    }

    /// The tokens of one sign-in, through its refreshes: what rotation replaces and revokes.
    struct Family {
        var member: String
        var current: TokenPairFixture
        var accessExpiry: Date
        var refreshExpiry: Date
        /// Replaced refresh tokens, with when each was replaced.
        var superseded: [String: Date] = [:]
        /// Ended by a strict rotation, an expiry on the server or a withdrawal.
        var revoked = false
        /// Access tokens a logout ended.
        var loggedOut: Set<String> = []
    }

    struct InjectedFault {
        var fault: Fault
        var remaining: Int?
    }

    struct State {
        var rotation: Rotation
        var accessLifetime: TimeInterval
        var refreshLifetime: TimeInterval
        var tokenForm: TokenForm = .jwt
        var members: [String: Member] = [:]
        var socialRoutes: [String: String] = [:]
        var rejectedCodes: Set<String> = []
        var families: [Int: Family] = [:]
        var familyOfAccess: [String: Int] = [:]
        var familyOfRefresh: [String: Int] = [:]
        var issuedPairs: [TokenPairFixture] = []
        var serverTimeOffset: TimeInterval = 0
        var faults: [String: [InjectedFault]] = [:]
        var appHandler: (@Sendable (AppCall) async throws -> Reply)?
        var log: [LoggedRequest] = []
        var logoutDeviceTokens: [String] = []

        static func socialKey(_ credential: LoginCredential) -> String? {
            switch credential {
            case .kakao(let code): "KAKAO:\(code)"
            case .apple(let code, _): "APPLE:\(code)"
            case .password: nil
            }
        }

        /// Issues the next pair for `member`, at `now`; its access token lives `accessLifetime`
        /// (the server's by default).
        mutating func issue(for member: String, at now: Date, accessLifetime: TimeInterval? = nil) -> TokenPairFixture {
            let number = issuedPairs.count + 1
            let lifetime = accessLifetime ?? self.accessLifetime
            let pair =
                switch tokenForm {
                case .jwt:
                    TokenPairFixture(
                        number: number, subject: member, issuedAt: now, accessLifetime: .seconds(lifetime),
                        refreshLifetime: .seconds(refreshLifetime))
                case .opaque:
                    TokenPairFixture(
                        accessToken: "opaque-access-\(number)", refreshToken: "opaque-refresh-\(number)",
                        accessExpiresAt: now.addingTimeInterval(lifetime),
                        refreshExpiresAt: now.addingTimeInterval(refreshLifetime), issuedAt: now)
                }
            issuedPairs.append(pair)
            return pair
        }

        /// Starts a new session (a sign-in) for `member`, its access token living `accessLifetime`
        /// (the server's by default).
        mutating func startFamily(member: String, at now: Date, accessLifetime: TimeInterval? = nil)
            -> TokenPairFixture
        {
            let pair = issue(for: member, at: now, accessLifetime: accessLifetime)
            let id = families.count + 1
            families[id] = Family(
                member: member, current: pair,
                accessExpiry: now.addingTimeInterval(accessLifetime ?? self.accessLifetime),
                refreshExpiry: now.addingTimeInterval(refreshLifetime))
            familyOfAccess[pair.accessToken] = id
            familyOfRefresh[pair.refreshToken] = id
            return pair
        }

        /// Replaces the pair of family `id`, at `now`.
        mutating func rotate(_ id: Int, at now: Date) -> TokenPairFixture {
            guard var family = families[id] else { preconditionFailure("no family \(id)") }
            let pair = issue(for: family.member, at: now)
            family.superseded[family.current.refreshToken] = now
            family.current = pair
            family.accessExpiry = now.addingTimeInterval(accessLifetime)
            family.refreshExpiry = now.addingTimeInterval(refreshLifetime)
            families[id] = family
            familyOfAccess[pair.accessToken] = id
            familyOfRefresh[pair.refreshToken] = id
            return pair
        }

        mutating func deleteMember(_ member: String) {
            members[member]?.deleted = true
            for (id, family) in families where family.member == member { families[id]?.revoked = true }
        }

        /// Takes the next fault injected for `path`, if any.
        mutating func takeFault(for path: String) -> Fault? {
            guard var queue = faults[path], !queue.isEmpty else { return nil }
            let fault = queue[0].fault
            if let remaining = queue[0].remaining {
                if remaining <= 1 { queue.removeFirst() } else { queue[0].remaining = remaining - 1 }
            }
            faults[path] = queue
            return fault
        }
    }
}
