import Foundation
import WoteKit
import WoteKitTesting
import WoteLocked

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// SplitMix64: a small seeded generator, so a run is decided by its seed alone (no Foundation random).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// `true` with a chance of `percent` in a hundred.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One of `choices`, weighted.
    mutating func pick<T>(_ choices: [(weight: Int, value: T)]) -> T {
        var roll = below(choices.reduce(0) { $0 + $1.weight })
        for choice in choices {
            if roll < choice.weight { return choice.value }
            roll -= choice.weight
        }
        return choices[choices.count - 1].value
    }
}

/// A Wote server for the randomized test: every request waits ("parks") on arrival until the test
/// releases it, with the answer the test chooses, so the seed decides the order in which answers
/// land. Each sign-in starts a *family* (one session's identity): its tokens name it (`a3.2` is
/// family 3's second access token), every refresh rotates both tokens, and a verdict kills it.
///
/// The server records the token each app call carried (the `X-Op` header names its operation),
/// and a refresh token spent twice, which breaks the contract (§4.2).
final class ScriptedServer: Sendable {
    /// How the server answers a released request.
    enum Fault: Equatable, CustomStringConvertible {
        /// As the contract says.
        case none
        /// The connection drops before the server sees the request: nothing happens on the server.
        case drop
        /// 500 G999: nothing happens on the server.
        case serverError
        /// The transport times out: nothing happens on the server.
        case timeout
        /// The server does the work (rotates, logs out), then the answer is lost.
        case loseAnswer
        /// A verdict that the session is dead: E016 to a refresh, E018 or E001 to a protected call.
        case deadVerdict(banned: Bool)

        var description: String {
            switch self {
            case .none: "ok"
            case .drop: "drop"
            case .serverError: "500"
            case .timeout: "timeout"
            case .loseAnswer: "lose-answer"
            case .deadVerdict(let banned): banned ? "E018" : "dead"
            }
        }
    }

    struct Family {
        var generation = 1
        var accessExpiry: Date
        var alive = true
        var profileCompleted: Bool
        var bannedAccess: Set<String> = []
    }

    struct Parked {
        let id: Int
        let key: String
        let request: URLRequest
        let continuation: CheckedContinuation<StubTransport.Reply, Never>
    }

    struct State {
        var families: [Int: Family] = [:]
        var parked: [Parked] = []
        var nextParked = 0
        /// Refresh tokens whose rotation was answered, with the client it was answered to.
        var spentAndAnswered: [String: String] = [:]
        /// Refresh tokens the other client spent again after one client's rotation was answered:
        /// two clients on one lock-less store (issue 33, "one refresh token spent twice").
        var spentAgainByTheOtherClient: [String] = []
        /// Families the server declared dead in an answer that reached a client.
        var deadVerdictsDelivered: Set<Int> = []
        var violations: [String] = []
        var arrivals: [(operation: Int, token: String?)] = []
        /// Refresh tokens one client spent again after its own rotation of them was answered.
        var spentTwice: [(client: Int, family: Int, description: String)] = []
        var handled = 0
    }

    static let operationHeader = "X-Op"

    let clock: TestClock
    let accessLifetime: TimeInterval
    let refreshLifetime: TimeInterval = 30 * 86_400
    let state = Locked(State())
    let stub: StubTransport

    init(clock: TestClock, accessLifetime: TimeInterval) {
        let owner = WeakServer()
        self.clock = clock
        self.accessLifetime = accessLifetime
        self.stub = StubTransport { request in
            guard let server = owner.value else { return .failure(.network("server gone")) }
            return await server.park(request)
        }
        owner.value = self
    }

    static let clientHeader = "X-Client"

    /// The transport of client `index`: it names the client on every request, so the server can
    /// tell which client spent a refresh token.
    func transport(forClient index: Int) -> HTTPTransport {
        let stub = stub
        return HTTPTransport { request in
            var named = request
            named.setValue(String(index), forHTTPHeaderField: Self.clientHeader)
            return try await stub.transport.send(named)
        }
    }

    // MARK: - Tokens

    static func access(_ family: Int, _ generation: Int) -> String { "a\(family).\(generation)" }
    static func refresh(_ family: Int, _ generation: Int) -> String { "r\(family).\(generation)" }

    /// The family a token of this server names, `nil` for anything else.
    static func family(of token: String) -> Int? {
        guard let first = token.first, first == "a" || first == "r" else { return nil }
        return token.dropFirst().split(separator: ".").first.flatMap { Int($0) }
    }

    /// Starts a family, as a sign-in does, and returns its first pair.
    func startFamily(profileCompleted: Bool) -> TokenPair {
        let now = clock.now
        let family = state.withLock { state in
            let id = state.families.count + 1
            state.families[id] = Family(
                accessExpiry: now.addingTimeInterval(accessLifetime), profileCompleted: profileCompleted)
            return id
        }
        return pair(family, 1, now: now)
    }

    private func pair(_ family: Int, _ generation: Int, now: Date) -> TokenPair {
        TokenPair(
            accessToken: Self.access(family, generation), refreshToken: Self.refresh(family, generation),
            accessTokenExpiresAt: now.addingTimeInterval(accessLifetime),
            refreshTokenExpiresAt: now.addingTimeInterval(refreshLifetime), receivedAt: now)
    }

    // MARK: - Parking and releasing

    /// The keys of the parked requests, sorted: the same set of requests gives the same order,
    /// whatever order the scheduler let them arrive in.
    var parkedKeys: [String] { state.current.parked.map(\.key).sorted() }

    private func park(_ request: URLRequest) async -> StubTransport.Reply {
        let key = Self.key(of: request)
        checkIdentityOnArrival(request)
        return await withCheckedContinuation { continuation in
            state.withLock { state in
                state.parked.append(
                    Parked(id: state.nextParked, key: key, request: request, continuation: continuation))
                state.nextParked += 1
            }
        }
    }

    private static func key(of request: URLRequest) -> String {
        let path = request.url?.path ?? "?"
        let operation = request.value(forHTTPHeaderField: operationHeader) ?? "-"
        let bearer = request.value(forHTTPHeaderField: "Authorization") ?? "-"
        let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
        return "\(path) op=\(operation) auth=\(bearer) body=\(body)"
    }

    /// Records which token an app call carried, for the test to check it against the session its
    /// operation was issued under.
    private func checkIdentityOnArrival(_ request: URLRequest) {
        guard let operation = request.value(forHTTPHeaderField: Self.operationHeader).flatMap({ Int($0) }) else {
            return
        }
        let bearer = request.value(forHTTPHeaderField: "Authorization").map { String($0.dropFirst("Bearer ".count)) }
        state.withLock { $0.arrivals.append((operation, bearer)) }
    }

    /// The app calls that arrived since the last call, with the token each carried.
    func takeArrivals() -> [(operation: Int, token: String?)] {
        state.withLock { state in
            defer { state.arrivals.removeAll() }
            return state.arrivals
        }
    }

    /// The refresh tokens a client spent twice since the last call.
    func takeSpentTwice() -> [(client: Int, family: Int, description: String)] {
        state.withLock { state in
            defer { state.spentTwice.removeAll() }
            return state.spentTwice
        }
    }

    /// Rotates `family`'s tokens as a refresh by another process would.
    ///
    /// - Returns: the new pair, or `nil` when the family is dead.
    func rotate(_ id: Int) -> TokenPair? {
        let now = clock.now
        let generation = state.withLock { state -> Int? in
            // Not counted as spent by the clients: a client may have sent the same token before
            // this write, with no lock between the processes.
            guard var family = state.families[id], family.alive else { return nil }
            family.generation += 1
            family.accessExpiry = now.addingTimeInterval(accessLifetime)
            state.families[id] = family
            return family.generation
        }
        return generation.map { pair(id, $0, now: now) }
    }

    /// Answers the parked request at `index` of ``parkedKeys`` as `fault` says.
    ///
    /// - Returns: a line for the trace.
    @discardableResult
    func release(at index: Int, fault: Fault, profileCompleted: Bool = true) -> String {
        let key = parkedKeys[index]
        let now = clock.now
        let (parked, reply) = state.withLock { state -> (Parked, StubTransport.Reply) in
            let position = state.parked.firstIndex { $0.key == key }!
            let parked = state.parked.remove(at: position)
            state.handled += 1
            return (parked, Self.answer(parked.request, fault, profileCompleted, now, accessLifetime, &state))
        }
        parked.continuation.resume(returning: reply)
        return "\(key) -> \(fault)"
    }

    /// Releases every parked request with a normal answer, once.
    func releaseAll() {
        while !parkedKeys.isEmpty { release(at: 0, fault: .none) }
    }

    // MARK: - The contract

    private static func answer(
        _ request: URLRequest, _ fault: Fault, _ profileCompleted: Bool, _ now: Date, _ accessLifetime: TimeInterval,
        _ state: inout State
    ) -> StubTransport.Reply {
        switch fault {
        case .drop: return .failure(.network("connection dropped"))
        case .timeout: return .failure(.timeout)
        case .serverError: return .json(500, #"{"status":500,"divisionCode":"G999","message":"Internal"}"#)
        case .none, .loseAnswer, .deadVerdict: break
        }
        let reply: StubTransport.Reply
        switch request.url?.path ?? "" {
        case "/login/oauth2/code/kakao":
            reply = login(profileCompleted, now, accessLifetime, &state)
        case "/api/auth/refresh":
            reply = refresh(request, fault, now, accessLifetime, &state)
        default:
            reply = protected(request, fault, now, &state)
        }
        return fault == .loseAnswer ? .failure(.network("answer lost")) : reply
    }

    private static func tokenJSON(_ family: Int, _ generation: Int, _ now: Date, _ accessLifetime: TimeInterval)
        -> String
    {
        let accessMillis = Int64((now.timeIntervalSince1970 + accessLifetime) * 1000)
        let refreshMillis = Int64((now.timeIntervalSince1970 + 30 * 86_400) * 1000)
        return #"{"accessToken":"\#(access(family, generation))","accessExpirationTime":\#(accessMillis),"#
            + #""refreshToken":"\#(refresh(family, generation))","refreshExpirationTime":\#(refreshMillis)}"#
    }

    private static func login(
        _ profileCompleted: Bool, _ now: Date, _ accessLifetime: TimeInterval, _ state: inout State
    ) -> StubTransport.Reply {
        let id = state.families.count + 1
        state.families[id] = Family(
            accessExpiry: now.addingTimeInterval(accessLifetime), profileCompleted: profileCompleted)
        let tokens = tokenJSON(id, 1, now, accessLifetime)
        if profileCompleted {
            return .json(
                200, #"{"status":200,"message":"SUCCESS","data":{"consumerTypeExist":true,"jwtToken":\#(tokens)}}"#)
        }
        return .json(
            200,
            #"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception","data":{"jwtToken":\#(tokens)}}"#
        )
    }

    private static func refresh(
        _ request: URLRequest, _ fault: Fault, _ now: Date, _ accessLifetime: TimeInterval, _ state: inout State
    ) -> StubTransport.Reply {
        let body = (try? JSONSerialization.jsonObject(with: request.httpBody ?? Data())) as? [String: String]
        let presented = body?["refreshToken"] ?? ""
        let dead = StubTransport.Reply.json(
            200, #"{"status":401,"divisionCode":"E016","message":"Invalid refresh token"}"#)
        guard let id = family(of: presented), var family = state.families[id] else { return dead }
        let client = request.value(forHTTPHeaderField: clientHeader) ?? "?"
        if let first = state.spentAndAnswered[presented] {
            if first == client {
                state.spentTwice.append(
                    (
                        Int(client) ?? -1, id,
                        "client \(client) spent refresh token \(presented) twice (its rotation had been answered)"
                    ))
            } else {
                state.spentAgainByTheOtherClient.append(
                    "client \(client) spent refresh token \(presented) after client \(first)'s rotation of it was answered"
                )
            }
        }
        guard family.alive, presented == refresh(id, family.generation) else {
            // A strict server: a superseded refresh token revokes the whole session.
            family.alive = false
            state.families[id] = family
            if fault != .loseAnswer { state.deadVerdictsDelivered.insert(id) }
            return dead
        }
        if case .deadVerdict = fault {
            family.alive = false
            state.families[id] = family
            state.deadVerdictsDelivered.insert(id)
            return dead
        }
        family.generation += 1
        family.accessExpiry = now.addingTimeInterval(accessLifetime)
        state.families[id] = family
        if fault != .loseAnswer { state.spentAndAnswered[presented] = client }
        return .json(
            200,
            #"{"status":200,"message":"token renew success.","data":\#(tokenJSON(id, family.generation, now, accessLifetime))}"#
        )
    }

    private static func protected(_ request: URLRequest, _ fault: Fault, _ now: Date, _ state: inout State)
        -> StubTransport.Reply
    {
        let expired = StubTransport.Reply.json(401, #"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#)
        let header = request.value(forHTTPHeaderField: "Authorization") ?? ""
        guard header.hasPrefix("Bearer ") else { return expired }
        let token = String(header.dropFirst("Bearer ".count))
        guard let id = family(of: token), var family = state.families[id], family.alive,
            token == access(id, family.generation), family.accessExpiry > now,
            !family.bannedAccess.contains(token)
        else { return expired }
        let path = request.url?.path ?? ""
        if case .deadVerdict(let banned) = fault {
            family.alive = false
            state.families[id] = family
            state.deadVerdictsDelivered.insert(id)
            return banned
                ? .json(403, #"{"status":403,"divisionCode":"E018","message":"Banned member"}"#)
                : .json(404, #"{"status":404,"divisionCode":"E001","message":"Member not found"}"#)
        }
        switch path {
        case "/api/auth/logout":
            family.bannedAccess.insert(token)
            state.families[id] = family
            return .json(200, #"{"status":200,"message":"logout success."}"#)
        case "/api/members":
            family.alive = false
            state.families[id] = family
            return .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        default:
            guard family.profileCompleted || path.hasPrefix("/api/profiles") else {
                return .json(400, #"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception"}"#)
            }
            return .json(200, #"{"status":200,"message":"SUCCESS","data":{"family":\#(id)}}"#)
        }
    }
}

private final class WeakServer: @unchecked Sendable {
    weak var value: ScriptedServer?
}
