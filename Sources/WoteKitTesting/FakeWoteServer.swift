public import Foundation
public import WoteData
public import WoteDomain
import WoteLocked

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A Wote server in memory, behind a transport: it speaks the contract to a real `WoteClient` with
/// no socket, so an app's tests (and WoteKit's own) run the whole session on any platform.
///
/// It signs members in (Kakao, Apple, ID and password), answers E009 until a member's profile is
/// set, rotates the token pair on every refresh (by the chosen ``Rotation``), ends an access token
/// on logout, deletes a member on withdrawal, and hands every other path to the app's own handler
/// (``handleAppCalls(_:)``). Time is the ``TestClock``'s: tokens expire on the server when the test
/// moves the clock past their lifetime. A test can make a path fail (``inject(_:on:times:)``),
/// end sessions on the server side (``expireAccessTokens()``, ``expireSessions(of:)``, ``ban(_:)``,
/// ``deleteMember(_:)``) and read every request afterwards (``log``).
///
/// ```swift
/// import Testing
/// import WoteKitTesting
///
/// let clock = TestClock()
/// let server = FakeWoteServer(clock: clock)
/// let wote = WoteClient(
///     configuration: WoteConfiguration(
///         baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(),
///         transport: server.transport, clock: clock.clock))
/// _ = try await wote.login(.kakao("any-code"), remember: true)   // .signedIn, as "member-1"
/// clock.advance(by: .seconds(3600))                             // the access token has expired
/// _ = try await wote.fetchMyProfile()                           // refreshes first
/// #expect(server.refreshCount == 1)
/// ```
public final class FakeWoteServer: Sendable, CustomReflectable {
    /// How the server treats a refresh token that an earlier refresh already replaced (§4.2).
    public enum Rotation: Sendable, Equatable {
        /// As the real Wote server: the old token is accepted again and rotates the pair again.
        case lax
        /// As a stricter server: the old token is answered E016, and every token of its session
        /// (the one that replaced it included) stops working.
        case strict
        /// Within `window` of being replaced, the old token is answered with the session's current
        /// pair (so a client that lost the answer gets it again); after it, as ``strict``.
        case grace(Duration)
    }

    /// What the tokens the server issues look like.
    public enum TokenForm: Sendable, Equatable {
        /// JWTs, as the real Wote server issues: WoteKit reads their `iat` and `exp`.
        case jwt
        /// Opaque strings (`opaque-access-1`): WoteKit knows a pair only by the expiry times the
        /// answer carries and the device's time it arrived, as with servers that issue opaque tokens.
        case opaque
    }

    /// The base URL to configure the client with: `https://api.wote.test`. The server answers any
    /// host; only paths count.
    public static let baseURL = URL(string: "https://api.wote.test")!

    /// The member every social sign-in signs in unless routed elsewhere
    /// (``route(_:to:)``), present from the start with ``sampleProfile``.
    public static let defaultMember = "member-1"

    /// A completed profile: nickname "투표왕", a school in Seoul, consumer type FLEXER.
    public static let sampleProfile = User(
        nickname: "투표왕", school: School(name: "Wote High", region: .seoul), consumerType: .flexer)

    /// The clock the server reads for issuing and expiring tokens: the one the test moves.
    public let clock: TestClock

    let state: Locked<State>

    /// Creates a server with one member, ``defaultMember``, whose profile is complete.
    ///
    /// - Parameters:
    ///   - clock: the clock shared with the client under test (pass `clock.clock` to its configuration).
    ///   - rotation: what a replaced refresh token gets; ``Rotation/strict`` by default, which
    ///     catches a client that sends two refreshes for one token.
    ///   - accessLifetime: how long each access token lives.
    ///   - refreshLifetime: how long each refresh token lives.
    ///   - tokens: what the issued tokens look like; JWTs by default, as the real server's.
    public init(
        clock: TestClock = TestClock(), rotation: Rotation = .strict, accessLifetime: Duration = .seconds(3600),
        refreshLifetime: Duration = .seconds(14 * 86_400), tokens: TokenForm = .jwt
    ) {
        self.clock = clock
        var initial = State(
            rotation: rotation, accessLifetime: accessLifetime.timeInterval,
            refreshLifetime: refreshLifetime.timeInterval, tokenForm: tokens)
        initial.members[Self.defaultMember] = Member(id: Self.defaultMember, profile: Self.sampleProfile)
        state = Locked(initial)
    }

    /// The transport to hand to `WoteConfiguration(transport:)`.
    public var transport: HTTPTransport {
        HTTPTransport { [self] request in try await exchange(request) }
    }

    /// A mirror with counts only: the log holds tokens and passwords.
    public var customMirror: Mirror {
        let state = state.current
        return Mirror(
            self, children: ["members": state.members.count, "requests": state.log.count], displayStyle: .class)
    }

    // MARK: Members

    /// Adds (or replaces) a member.
    ///
    /// - Parameters:
    ///   - id: the member's id (the tokens' `sub`).
    ///   - profile: the completed profile, or `nil` for a member who must set one first (every
    ///     sign-in then answers E009, every call outside `/api/profiles` too).
    ///   - loginId: the ID for signing in with ID and password (§4.13), if the member has one.
    ///   - password: the password that goes with `loginId`.
    public func addMember(_ id: String, profile: User? = sampleProfile, loginId: String? = nil, password: String? = nil)
    {
        state.withLock {
            $0.members[id] = Member(id: id, profile: profile, loginId: loginId, password: password)
        }
    }

    /// Makes a social sign-in with `credential`'s authorization code sign `member` in (instead of
    /// ``defaultMember``); for an account switch.
    ///
    /// - Parameters:
    ///   - credential: a `.kakao` or `.apple` credential.
    ///   - member: the member it signs in; added, with ``sampleProfile``, if unknown.
    public func route(_ credential: LoginCredential, to member: String) {
        state.withLock { state in
            if state.members[member] == nil { state.members[member] = Member(id: member, profile: Self.sampleProfile) }
            if let key = State.socialKey(credential) { state.socialRoutes[key] = member }
        }
    }

    /// Refuses every social sign-in with `code` with HTTP 401 A001 (§4.1).
    public func rejectAuthorizationCode(_ code: String) {
        state.withLock { _ = $0.rejectedCodes.insert(code) }
    }

    /// The member's profile as the server has it; `nil` while it is not completed or for no such member.
    public func profile(of member: String) -> User? { state.current.members[member]?.profile }

    /// Whether `member` exists (not withdrawn, not deleted).
    public func isMember(_ member: String) -> Bool { state.current.members[member]?.deleted == false }

    /// Starts a session for `member` as a sign-in would, without a request, for tests that begin
    /// with `WoteClient.beginSession(with:profileCompleted:remember:)`.
    ///
    /// - Parameters:
    ///   - member: the member; added, with ``sampleProfile``, if unknown.
    ///   - accessExpired: whether the access token has already expired (a minute ago, though issued now).
    /// - Returns: the pair, received now.
    public func issuePair(for member: String = defaultMember, accessExpired: Bool = false) -> TokenPair {
        let now = serverTime
        return state.withLock { state in
            if state.members[member] == nil { state.members[member] = Member(id: member, profile: Self.sampleProfile) }
            return state.startFamily(member: member, at: now, accessLifetime: accessExpired ? -60 : nil).tokenPair
        }
    }

    /// Every pair the server has issued (sign-ins, refreshes, ``issuePair(for:accessExpired:)``), oldest first.
    public var issuedPairs: [TokenPairFixture] { state.current.issuedPairs }

    // MARK: The server's side of the session

    /// Makes every access token issued so far expire now on the server (each is answered 401
    /// E006), as after the phone slept past their lifetime; the refresh tokens still work.
    public func expireAccessTokens() {
        let now = serverTime
        state.withLock { state in
            for id in state.families.keys { state.families[id]?.accessExpiry = now }
        }
    }

    /// Ends the sessions of `member` (every member when `nil`) on the server: their tokens are
    /// answered E006, their refresh tokens E016.
    public func expireSessions(of member: String? = nil) {
        state.withLock { state in
            for (id, family) in state.families where member == nil || family.member == member {
                state.families[id]?.revoked = true
            }
        }
    }

    /// Bans `member`: every call with their token is answered 403 E018, and so are their sign-ins
    /// and refreshes.
    public func ban(_ member: String) {
        state.withLock { $0.members[member]?.banned = true }
    }

    /// Deletes `member`, as a withdrawal from another device does: every call with their token is
    /// answered 404 E001 and their refresh tokens E016.
    public func deleteMember(_ member: String) {
        state.withLock { $0.deleteMember(member) }
    }

    /// Sets how far the server's clock is from the ``clock``: its `Date` headers, the tokens' `iat`
    /// and `exp` and their expiry read `clock.now + offset`. For a device clock off by a day, move
    /// the test clock's wall clock by a day and set the opposite offset here.
    public func setServerTimeOffset(_ offset: Duration) {
        state.withLock { $0.serverTimeOffset = offset.timeInterval }
    }

    /// The server's time: the test clock's, plus the offset of ``setServerTimeOffset(_:)``.
    public var serverTime: Date { clock.now.addingTimeInterval(state.current.serverTimeOffset) }

    // MARK: Faults and the app's own calls

    /// Makes the next `times` requests for `path` meet `fault` (`times: nil`: every one until
    /// ``removeFaults()``). Faults for one path queue up in the order they were injected.
    ///
    /// - Parameters:
    ///   - fault: what goes wrong.
    ///   - path: the URL path it applies to, such as `"/api/auth/refresh"`.
    ///   - times: how many requests it applies to; `nil` for all of them.
    public func inject(_ fault: Fault, on path: String, times: Int? = 1) {
        state.withLock { $0.faults[path, default: []].append(InjectedFault(fault: fault, remaining: times)) }
    }

    /// Removes every fault not yet used.
    public func removeFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    /// Answers the app's own calls (every path the contract does not define) with `handler`, after
    /// the server has checked the access token of a call that carries one (expired, replaced,
    /// banned, deleted or profile required are answered by the server, as Wote's filters do).
    /// Without a handler, such a call is answered `{"status":200,"message":"SUCCESS"}`.
    ///
    /// - Parameter handler: builds the answer; it may suspend or throw (`URLError`, `TransportError`).
    public func handleAppCalls(_ handler: @escaping @Sendable (AppCall) async throws -> Reply) {
        state.withLock { $0.appHandler = handler }
    }

    // MARK: The log

    /// Every request answered (or dropped) so far, in order.
    public var log: [LoggedRequest] { state.current.log }

    /// The requests for `path` (compared with the URL's path), in order.
    public func requests(path: String) -> [URLRequest] {
        log.filter { $0.path == path }.map(\.request)
    }

    /// How many refresh calls the server received.
    public var refreshCount: Int { log.filter { $0.path == Self.refreshPath }.count }

    /// The device token of every logout the server received (`""` when the app gave none), in order.
    public var loggedOutDeviceTokens: [String] { state.current.logoutDeviceTokens }

    /// Forgets the log.
    public func clearLog() {
        state.withLock { $0.log.removeAll() }
    }

    static let refreshPath = "/api/auth/refresh"
}
