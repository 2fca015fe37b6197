import Foundation
import WoteData
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

/// How many seeds and steps the randomized test runs: `WOTE_RANDOM_SEED=<n>` replays one seed,
/// `WOTE_RANDOM_SEEDS` and `WOTE_RANDOM_STEPS` set the budget (small by default, for CI).
struct RandomBudget {
    var seeds: [UInt64]
    var steps: Int

    static let defaultSeeds = 25
    static let defaultSteps = 100

    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> RandomBudget
    {
        let steps = environment["WOTE_RANDOM_STEPS"].flatMap { Int($0) } ?? defaultSteps
        if let seed = environment["WOTE_RANDOM_SEED"].flatMap({ UInt64($0) }) {
            return RandomBudget(seeds: [seed], steps: steps)
        }
        let count = environment["WOTE_RANDOM_SEEDS"].flatMap { UInt64($0) } ?? UInt64(defaultSeeds)
        return RandomBudget(seeds: Array(1...max(count, 1)), steps: steps)
    }
}

/// One seeded run: two clients on one store, a ``FakeWoteServer`` (strict rotation) behind a
/// ``FakeWoteServer/Parking`` that holds every request until the run answers it, and operations
/// started as tasks. Each sign-in is a member of its own, so a verdict that ends a member (E018,
/// E001) ends one session. The seed decides every operation, its arguments, which parked
/// request is answered next and how, and when the clock moves; the invariants are checked after
/// every step:
///
/// - nothing of session S goes out or is handed out under another session: an app call carries
///   the token of the session it was issued under, `accessToken()` and
///   `accessToken(afterRejecting:from:)` return one of it (or of a session another writer put in
///   the store over it, which an engine cannot tell from a refresh of it);
/// - a session ends only by a logout or withdrawal, a dead-token verdict the server delivered, or a
///   change of the store by another writer, never by a passing failure (drop, 5xx, time-out, a lost
///   answer) nor by a sign-in that failed (it changes nothing);
/// - a logged-out session never comes back, in memory or in the store, and no client spends a
///   refresh token twice after its rotation was answered;
/// - each client's `SessionModel` shows the engine's state;
/// - every operation returns once everything parked has been answered.
@MainActor final class RandomSessionRun {
    enum Kind: String, CaseIterable {
        case login, beginSession, restore, fetch, accessToken, afterRejecting, refresh, logout, withdraw
    }

    /// An operation started as a task; `outcome` is set when it returns.
    final class Operation {
        let id: Int
        let client: Int
        let kind: Kind
        /// The family the client's session belonged to when the operation was issued.
        let issuedUnder: Int?
        var outcome: String?
        var succeeded = false

        init(id: Int, client: Int, kind: Kind, issuedUnder: Int?) {
            self.id = id
            self.client = client
            self.kind = kind
            self.issuedUnder = issuedUnder
        }
    }

    static let baseURL = URL(string: "https://api.wote.test")!
    static let maximumInFlight = 6

    let seed: UInt64
    let steps: Int
    private var random: SplitMix64
    let clock = TestClock()
    let server: FakeWoteServer
    let parking: FakeWoteServer.Parking
    let storage = TestTokenStorage()
    let history = StoreHistory()
    let clients: [WoteClient]
    private var operations: [Operation] = []
    /// How many operations have returned (the quiescence check reads it on every turn).
    private var returned = 0
    /// Whether a client's own logout or withdrawal returned since the last check (its session is
    /// recorded again then, even when the check sees the same one: it came back in between).
    private var endedSinceCheck = [false, false]
    private var trace: [String] = [] {
        didSet { if let line = trace.last { modelTrace?.record("# " + line) } }
    }

    // What the checks know.
    /// The family each client held at the last check.
    private var lastFamily: [Int?]
    /// The families each client held and then left.
    private var left: [Set<Int>]
    /// The families logouts and withdrawals were issued under, with the client that issued each.
    private var endRequests: [(client: Int, family: Int)] = []
    /// Families whose logout or withdrawal returned, per client that sent it.
    private var endCompleted: [Set<Int>]
    /// Families whose logout returned, or whose withdrawal succeeded, on any client.
    private var endedForGood: Set<Int> = []
    /// Families whose logout returned without error: the store may never hold them again.
    private var loggedOutEverywhere: Set<Int> = []
    /// Families another process's write or another client's change took out of the store.
    private var displacedFromStore: Set<Int> = []
    private var lastStoreFamily: Int?
    /// Whether the store refuses writes now.
    private var writesFail = false
    /// Refresh tokens whose rotation was answered while the store refused writes: the store may
    /// still hold them when the other client reads it.
    private var rotatedWhileTheStoreRefusedWrites: Set<String> = []
    /// How many of the server's "spent again by the other client" findings were checked.
    private var spentAgainChecked = 0
    private var operationViolations: [String] = []
    /// Refresh tokens whose rotation was answered, with the client it was answered to.
    private var spentAndAnswered: [String: String] = [:]
    /// Refresh tokens the other client spent again after one client's rotation of them was
    /// answered: two clients on one lock-less store (issue 33, "one refresh token spent twice").
    private var spentAgainByTheOtherClient: [(token: String, description: String)] = []
    /// Sessions the server declared dead (E016 to a refresh, E018 or E001) in an answer that
    /// reached a client.
    private var deadVerdictsDelivered: Set<Int> = []
    /// The parked requests whose arrival was noted, by number.
    private var noted: Set<Int> = []
    /// The app calls that arrived since the last check, with the token each carried.
    private var arrivals: [(operation: Int, token: String?)] = []
    /// How many sessions "another process" started.
    private var otherSessions = 0

    /// Names an app call's operation.
    nonisolated static let operationHeader = "X-Op"
    /// Names the client that sent a request.
    nonisolated static let clientHeader = "X-Client"

    /// How the run answers a parked request.
    enum Answer: Equatable, CustomStringConvertible {
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
        /// The server ends the request's session first: E016 to a refresh, E018 or E001 to a
        /// protected call.
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
    /// Issue 45 item 7: the run's steps in the model's vocabulary, when recorded.
    let modelTrace: ModelTrace?
    /// Whether lock waits fail now and then (`WOTE_RANDOM_LOCK_FAILS`), as time-outs, cancelled
    /// callers and refused background time make them fail.
    let lockFailures: Bool
    private let shared: TaggedStorage

    init(seed: UInt64, steps: Int, recording: Bool = false, lockFailures: Bool = false) {
        self.seed = seed
        self.steps = steps
        self.lockFailures = lockFailures
        let modelTrace = recording ? ModelTrace() : nil
        self.modelTrace = modelTrace
        random = SplitMix64(seed: seed)
        server = FakeWoteServer(
            clock: clock, rotation: .strict, accessLifetime: .seconds(300), refreshLifetime: .seconds(30 * 86_400))
        parking = FakeWoteServer.Parking(server)
        let shared = TaggedStorage(inner: storage, history: history, trace: modelTrace) { [server] in
            server.session(of: $0)
        }
        self.shared = shared
        clients = (0..<2).map { [parking, clock] index in
            WoteClient(
                configuration: WoteConfiguration(
                    baseURL: RandomSessionRun.baseURL, storage: shared,
                    transport: Self.transport(of: parking, forClient: index, trace: modelTrace), clock: clock.clock))
        }
        lastFamily = [nil, nil]
        left = [[], []]
        endCompleted = [[], []]
    }

    /// Runs the seed.
    ///
    /// - Returns: `nil` when every invariant held, else the failure with the seed, the step and the
    ///   trace's last lines.
    func run() async -> String? {
        for client in clients { _ = client.session }
        for (index, client) in clients.enumerated() {
            _ = await TaggedStorage.$writer.withValue(index) { await client.restoreSession() }
        }
        await settle()
        if let violation = await check() { return await failure(step: 0, violation) }
        for step in 1...steps {
            // Time passes between steps, as it does on a device: no two pairs share an instant.
            clock.advance(by: .seconds(1))
            trace.append("step \(step)")
            await takeStep()
            await settle()
            if let violation = await check() { return await failure(step: step, violation) }
        }
        // Every operation returns: answer everything still parked, normally.
        for _ in 0..<1_000 {
            await settle()
            if parking.parked.isEmpty { break }
            await releaseParked(at: 0, .none)
        }
        await settle()
        if let violation = await check() { return await failure(step: steps + 1, violation) }
        let hung = operations.filter { $0.outcome == nil }
        if !hung.isEmpty {
            let names = hung.map { "op \($0.id) \($0.kind) on client \($0.client)" }.joined(separator: ", ")
            return await failure(step: steps + 1, "did not return with nothing left to wait for: \(names)")
        }
        for client in clients { client.shutdown() }
        return nil
    }

    /// A digest of the run's trace (FNV-1a), to compare two runs of one seed: the lines of each
    /// step sorted, since operations that return within one step may do so in either order.
    var traceDigest: String {
        var steps: [[String]] = [[]]
        for line in trace {
            if line.hasPrefix("step ") { steps.append([]) }
            steps[steps.count - 1].append(line)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in steps.map({ $0.sorted().joined(separator: "\n") }).joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private func failure(step: Int, _ violation: String) async -> String {
        let parked = parking.parked.map(describe)
        let stored = storage.session.map { short($0.tokens.accessToken) } ?? "nothing"
        let running = operations.filter { $0.outcome == nil }.map { "op \($0.id)" }
        for client in clients { client.shutdown() }
        await parking.releaseAll()
        return """
            randomized session test: seed \(seed), step \(step) of \(steps): \(violation)
            replay: WOTE_RANDOM_SEED=\(seed) WOTE_RANDOM_STEPS=\(steps) swift test --filter RandomizedSessionTests
            then: store holds \(stored); parked: \(parked); running: \(running)
            the store's last changes (writer: client, or another process): \(history.last(8))
            last steps:
            \(trace.suffix(ProcessInfo.processInfo.environment["WOTE_RANDOM_TRACE"].flatMap { Int($0) } ?? 25).joined(separator: "\n"))
            """
    }

    // MARK: - Steps

    private func takeStep() async {
        let inFlight = operations.filter { $0.outcome == nil }.count
        let parked = parking.parked.count
        enum Action { case release, start, advance, storeWrite, writeFailures, lockFailures }
        var choices: [(weight: Int, value: Action)] = [(8, .advance), (3, .storeWrite), (4, .writeFailures)]
        if lockFailures { choices.append((4, .lockFailures)) }
        if parked > 0 { choices.append((35, .release)) }
        if inFlight < Self.maximumInFlight { choices.append((40, .start)) }
        switch random.pick(choices) {
        case .release: await release(count: parked)
        case .start: await start()
        case .advance:
            let seconds = random.pick([(3, 5), (3, 60), (2, 290), (2, 310), (1, 700)])
            clock.advance(by: .seconds(seconds))
            trace.append("clock +\(seconds) s")
        case .storeWrite: anotherProcessWrites()
        case .lockFailures:
            let failing = random.chance(40)
            shared.locksFail.withLock { $0 = failing }
            trace.append(failing ? "lock waits fail" : "lock waits succeed")
        case .writeFailures:
            let failing = random.chance(40)
            storage.failWrites(with: failing ? .unavailable("device locked") : nil)
            writesFail = failing
            trace.append(failing ? "store writes fail" : "store writes succeed")
        }
    }

    private func release(count: Int) async {
        let index = random.below(count)
        let answer: Answer = random.pick([
            (60, .none), (8, .drop), (8, .serverError), (6, .timeout), (8, .loseAnswer),
            (5, .deadVerdict(banned: false)), (2, .deadVerdict(banned: true)),
        ])
        await releaseParked(at: index, answer)
    }

    /// Answers the parked request at `index` of the parking's order as `answer` says, and records
    /// what the checks need: the app calls that arrived, the refresh tokens spent again, the
    /// dead-token verdicts that reached a client.
    private func releaseParked(at index: Int, _ answer: Answer) async {
        noteArrivals()
        let request = parking.parked[index]
        let isRefresh = request.path == "/api/auth/refresh"
        let presented = isRefresh ? Self.refreshToken(in: request.request) : nil
        // The session the request acts for: its refresh token's, or its bearer's.
        let session = (presented ?? request.bearer).flatMap { server.session(of: $0) }
        let client = request.request.value(forHTTPHeaderField: Self.clientHeader) ?? "?"
        let fault: FakeWoteServer.Fault?
        switch answer {
        case .none: fault = nil
        case .drop: fault = .drop
        case .serverError: fault = .serverError(status: 500)
        case .timeout: fault = .answer(.failure(.timeout))
        case .loseAnswer: fault = .loseAnswer
        case .deadVerdict(let banned):
            fault = nil
            // The server ends the request's session before it answers: a refresh is answered E016,
            // a protected call E018 (banned) or E001 (member deleted). A sign-in is answered as usual.
            if let session, let member = server.member(ofSession: session) {
                if isRefresh {
                    server.endSession(session)
                } else if banned {
                    server.ban(member)
                } else {
                    server.deleteMember(member)
                }
            }
        }
        // A refresh the server sees (not dropped, failed or timed out before it) spends its token.
        let reachesTheServer = fault == nil || answer == .loseAnswer
        if isRefresh, reachesTheServer, let presented, let session, let first = spentAndAnswered[presented] {
            if first == client {
                operationViolations.append(
                    "client \(client) spent refresh token \(short(presented)) of session \(session) twice "
                        + "(its rotation had been answered)")
            } else {
                spentAgainByTheOtherClient.append(
                    (
                        presented,
                        "client \(client) spent refresh token \(short(presented)) of session \(session) after "
                            + "client \(first)'s rotation of it was answered"
                    ))
            }
        }
        let outcome = await parking.release(request, meeting: fault)
        trace.append("release \(describe(request)) -> \(answer): \(outcome.map { "\($0)" } ?? "not parked")")
        guard case .answered(let status, let code) = outcome else { return }
        if isRefresh, let presented, status == 200, code == nil {
            spentAndAnswered[presented] = client
            // The rotated pair this answer brings cannot reach the store: another client may read
            // the spent refresh token there (Docs/Session.md, "A renewed pair the store refuses").
            if writesFail { rotatedWhileTheStoreRefusedWrites.insert(presented) }
        }
        let deadCodes: Set<String> = ["E016", "E018", "E001"]
        if let session, let code, deadCodes.contains(code), isRefresh || code != "E016" {
            deadVerdictsDelivered.insert(session)
        }
    }

    /// A parked request as the trace shows it: path, client, operation, bearer and refresh token.
    private func describe(_ request: FakeWoteServer.ParkedRequest) -> String {
        let headers = request.request
        let client = headers.value(forHTTPHeaderField: Self.clientHeader) ?? "-"
        let operation = headers.value(forHTTPHeaderField: Self.operationHeader) ?? "-"
        let refresh = Self.refreshToken(in: request.request).map(short) ?? "-"
        return "\(request.path) client=\(client) op=\(operation) auth=\(request.bearer.map(short) ?? "-") "
            + "refresh=\(refresh)"
    }

    /// The refresh token in a refresh request's body.
    private static func refreshToken(in request: URLRequest) -> String? {
        let body = (try? JSONSerialization.jsonObject(with: request.httpBody ?? Data())) as? [String: String]
        return body?["refreshToken"]
    }

    /// A token as the trace shows it: its session and its last characters.
    private func short(_ token: String) -> String {
        "\(server.session(of: token).map(String.init) ?? "?")…\(token.suffix(6))"
    }

    /// Records the token each app call carried when it arrived (the `X-Op` header names its
    /// operation), for the check that it belongs to the session the operation was issued under.
    private func noteArrivals() {
        for request in parking.parked where !noted.contains(request.number) {
            noted.insert(request.number)
            guard let operation = request.request.value(forHTTPHeaderField: Self.operationHeader).flatMap({ Int($0) })
            else { continue }
            arrivals.append((operation, request.bearer))
        }
    }

    private func anotherProcessWrites() {
        let stored = storage.session
        let before = stored.flatMap { family(of: $0.tokens.accessToken) }
        switch random.below(3) {
        case 0:
            storage.session = nil
            trace.append("another process removes the stored session")
        case 1:
            guard let stored, let before, let pair = server.rotateSession(before) else { return }
            // A process of this version: its refresh keeps the session's identifier (an older
            // version's drops it, which ends the session here: issue 45, finding 9).
            var refreshed = stored
            refreshed.tokens = pair
            refreshed.refreshSentAt = nil
            storage.session = refreshed
            trace.append("another process refreshes the stored session: \(short(pair.accessToken))")
        default:
            let completed = random.chance(80)
            let pair = newSession(member: "member-p\(otherSessions)", profileCompleted: completed)
            otherSessions += 1
            storage.session = StoredSession(tokens: pair, profileCompleted: completed)
            trace.append("another process stores session \(family(of: pair.accessToken)!)")
        }
        modelTrace?.record("other \(ModelTrace.session(storage.session.flatMap { family(of: $0.tokens.accessToken) }))")
        history.record(writer: nil, from: before, to: storage.session.flatMap { family(of: $0.tokens.accessToken) })
        // Whatever a client held may now be gone from the store, legitimately.
        for family in lastFamily.compactMap({ $0 })
        where family != storage.session.flatMap({ self.family(of: $0.tokens.accessToken) }) {
            displacedFromStore.insert(family)
        }
        if let before, before != storage.session.flatMap({ family(of: $0.tokens.accessToken) }) {
            displacedFromStore.insert(before)
        }
    }

    /// Whether a token of `sent` belongs to the session of `issued` on `client`.
    private func belongs(_ sent: Int?, to issued: Int, on client: Int) -> Bool {
        guard let sent else { return false }
        return history.successors(of: issued, for: client).contains(sent)
    }

    private func start() async {
        let client = random.below(clients.count)
        let kind = random.pick([
            (6, Kind.login), (6, .beginSession), (6, .restore), (22, .fetch), (10, .accessToken),
            (10, .afterRejecting), (8, .refresh), (6, .logout), (3, .withdraw),
        ])
        let wote = clients[client]
        let snapshot = await wote.currentSession
        let issuedUnder = snapshot.state.hasSession ? snapshot.tokens.flatMap { family(of: $0.accessToken) } : nil
        let operation = Operation(id: operations.count + 1, client: client, kind: kind, issuedUnder: issuedUnder)
        operations.append(operation)
        if kind == .logout || kind == .withdraw, let issuedUnder {
            endRequests.append((client, issuedUnder))
        }
        let remember = random.chance(80)
        let completed = random.chance(75)
        // A stale token of the same client (an earlier generation) or its current one.
        var rejected = snapshot.tokens?.accessToken ?? "a0.0"
        if random.chance(30), let family = issuedUnder { rejected = firstAccessToken(of: family) }
        if random.chance(15), let other = operations.compactMap(\.issuedUnder).last {
            rejected = firstAccessToken(of: other)
        }
        trace.append("op \(operation.id): client \(client) \(kind) under \(issuedUnder.map(String.init) ?? "none")")
        Task { @MainActor in
            await TaggedStorage.$writer.withValue(client) { await perform(operation, rejected, remember, completed) }
        }
    }

    private func perform(_ operation: Operation, _ rejected: String, _ remember: Bool, _ completed: Bool) async {
        let wote = clients[operation.client]
        let kind = operation.kind
        let client = operation.client
        let issuedUnder = operation.issuedUnder
        let outcome: Result<String, WoteError>
        switch kind {
        case .login:
            // Each sign-in signs in a member of its own, whose profile is complete or not.
            let member = "member-\(operation.id)"
            server.addMember(member, profile: completed ? FakeWoteServer.sampleProfile : nil)
            server.route(.kakao(authorizationCode: "code-\(operation.id)"), to: member)
            let provider = ScriptedLoginProvider(credentials: .kakao(authorizationCode: "code-\(operation.id)"))
            outcome = await Self.result { () throws(WoteError) in
                "\(try await wote.login(provider, remember: remember))"
            }
        case .beginSession:
            let pair = newSession(member: "member-\(operation.id)", profileCompleted: completed)
            outcome = await Self.result { () throws(WoteError) in
                "\(try await wote.beginSession(with: pair, profileCompleted: completed, remember: remember))"
            }
        case .restore:
            outcome = .success("\(await wote.restoreSession().state)")
        case .fetch:
            let request = APIRequest(
                .get, "/api/posts", headers: [Self.operationHeader: String(operation.id)])
            outcome = await Self.result { () throws(WoteError) in
                "HTTP \(try await wote.response(for: request).status)"
            }
        case .accessToken:
            outcome = await Self.result { () throws(WoteError) in try await wote.accessToken() }
            if case .success(let token) = outcome, let issuedUnder,
                !belongs(family(of: token), to: issuedUnder, on: client)
            {
                operationViolations.append(
                    "op \(operation.id): accessToken() issued under session \(issuedUnder) handed out \(token)")
            }
        case .afterRejecting:
            let url = RandomSessionRun.baseURL.appending(path: "api/posts")
            outcome = await Self.result { () throws(WoteError) in
                try await wote.accessToken(afterRejecting: rejected, from: url)
            }
            if case .success(let token) = outcome, let issued = family(of: rejected),
                !belongs(family(of: token), to: issued, on: client)
            {
                operationViolations.append(
                    "op \(operation.id): accessToken(afterRejecting: \(rejected)) handed out \(token)")
            }
        case .refresh:
            outcome = await Self.result { () throws(WoteError) in
                "\(try await wote.refreshSession().state)"
            }
        case .logout:
            outcome = await Self.result { () throws(WoteError) in try await wote.logout() }.map { "done" }
        case .withdraw:
            outcome = await Self.result { () throws(WoteError) in try await wote.withdraw() }.map { "done" }
        }
        finish(operation, outcome)
    }

    private static func result<T>(_ body: () async throws(WoteError) -> T) async -> Result<T, WoteError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ operation: Operation, _ outcome: Result<String, WoteError>) {
        switch outcome {
        case .success(let value):
            operation.outcome = value
            operation.succeeded = true
        case .failure(let error):
            operation.outcome = "error \(error)"
        }
        // A token handed out shows as its session and last characters.
        let handsOutAToken = operation.kind == .accessToken || operation.kind == .afterRejecting
        let shown = operation.succeeded && handsOutAToken ? short(operation.outcome!) : operation.outcome!
        trace.append("op \(operation.id) returned: \(shown)")
        returned += 1
        // A logout ends the session whatever it throws; a withdrawal that failed (`notSignedIn`
        // when a sign-in overtook it) may have done nothing.
        if operation.kind == .logout || (operation.kind == .withdraw && operation.succeeded),
            let family = operation.issuedUnder
        {
            endCompleted[operation.client].insert(family)
            endedForGood.insert(family)
            // The app was told of this end when the call returned (the model's told[]).
            modelTrace?.record("end \(operation.client) \(ModelTrace.session(family)) 2")
            endedSinceCheck[operation.client] = true
            if operation.succeeded { loggedOutEverywhere.insert(family) }
        }
    }

    private func family(of token: String) -> Int? {
        server.session(of: token)
    }

    /// Starts a session for `member`, as a sign-in elsewhere does.
    private func newSession(member: String, profileCompleted: Bool) -> TokenPair {
        server.addMember(member, profile: profileCompleted ? FakeWoteServer.sampleProfile : nil)
        return server.issuePair(for: member)
    }

    /// The first access token of session `id` (a stale token once it has been refreshed).
    private func firstAccessToken(of id: Int) -> String {
        server.issuedPairs.first { server.session(of: $0.accessToken) == id }?.accessToken ?? "not-a-token"
    }

    /// The transport of client `index`: it names the client on every request, so the run can tell
    /// which client spent a refresh token.
    nonisolated private static func transport(
        of parking: FakeWoteServer.Parking, forClient index: Int, trace: ModelTrace?
    ) -> HTTPTransport {
        let parked = parking.transport
        return HTTPTransport { request in
            if request.url?.path == "/api/auth/refresh" { trace?.record("send \(index)") }
            var named = request
            named.setValue(String(index), forHTTPHeaderField: clientHeader)
            return try await parked.send(named)
        }
    }

    // MARK: - Quiescence

    /// Lets every task run until nothing observable changes: the parked requests, the operations'
    /// outcomes, the store, each engine's session and each model's state.
    private func settle() async {
        var last = ""
        var stable = 0
        for _ in 0..<20_000 {
            let print = await fingerprint()
            // A model behind its engine is not settled yet: its events may still be on their way
            // (a busy machine delays their delivery past a few yields); a real drift outlasts the bound.
            if print == last, await modelsAgreeWithEngines() {
                stable += 1
                if stable >= 40 { return }
            } else {
                stable = 0
                last = print
            }
            await Task.yield()
        }
    }

    /// Whether each client's `SessionModel` shows its engine's state.
    private func modelsAgreeWithEngines() async -> Bool {
        for client in clients where await client.currentSession.state != client.session.state { return false }
        return true
    }

    private func fingerprint() async -> String {
        var parts = [
            // The parked set changes only by an arrival or a release (each answered request is logged).
            String(parking.arrivals), String(server.log.count),
            String(returned), storage.session?.tokens.accessToken ?? "-",
        ]
        for client in clients {
            let snapshot = await client.currentSession
            parts.append(
                "\(snapshot.state) \(snapshot.tokens?.accessToken ?? "-") \(String(describing: client.session.state))")
        }
        return parts.joined(separator: "|")
    }

    // MARK: - Invariants

    private func check() async -> String? {
        if let violation = operationViolations.first { return violation }
        // Engines of one process on one store take turns (issue 33 item 4): the other client never
        // spends a refresh token whose rotation was answered, unless the store refused that pair.
        for (token, spent) in spentAgainByTheOtherClient.dropFirst(spentAgainChecked) {
            if !rotatedWhileTheStoreRefusedWrites.contains(token) { return spent }
        }
        spentAgainChecked = spentAgainByTheOtherClient.count
        // Nothing of session S goes out under another session: an app call issued under S
        // carries S's token (or one the store gave S by another writer's hand), or is not sent.
        noteArrivals()
        defer { arrivals.removeAll() }
        for arrival in arrivals {
            let operation = operations[arrival.operation - 1]
            guard let issued = operation.issuedUnder else { continue }
            if !belongs(arrival.token.flatMap(family(of:)), to: issued, on: operation.client) {
                return "op \(operation.id) (\(operation.kind) on client \(operation.client)), issued under session "
                    + "\(issued), was sent with \(arrival.token ?? "no token")"
            }
        }
        let dead = deadVerdictsDelivered
        let storeFamily = storage.session.flatMap { family(of: $0.tokens.accessToken) }
        if let lastStoreFamily, storeFamily != lastStoreFamily { displacedFromStore.insert(lastStoreFamily) }
        // A session the store held and lost within one step counts too: the store's history has
        // every change, not only the ones a check saw.
        displacedFromStore.formUnion(history.replaced)
        lastStoreFamily = storeFamily
        if let storeFamily, loggedOutEverywhere.contains(storeFamily) {
            return "the store holds session \(storeFamily) again after its logout returned"
        }
        for (index, client) in clients.enumerated() {
            let snapshot = await client.currentSession
            let modelState = client.session.state
            if modelState != snapshot.state {
                return
                    "client \(index): SessionModel says \(String(describing: modelState)), the engine \(snapshot.state)"
            }
            let current = snapshot.state.hasSession ? snapshot.tokens.flatMap { family(of: $0.accessToken) } : nil
            // The client's session as the model's trace sees it (before any check returns).
            if current != lastFamily[index] || endedSinceCheck[index] {
                endedSinceCheck[index] = false
                if let previous = lastFamily[index], current != previous {
                    let why = ModelTrace.why(current == nil ? snapshot.state : nil)
                    modelTrace?.record("end \(index) \(ModelTrace.session(previous)) \(why)")
                }
                if let current { modelTrace?.record("hold \(index) \(ModelTrace.session(current))") }
            }
            // Even a logout whose removal the store refused (issue 33 item 3): the removal is owed by
            // the store, and every client on it makes it before adopting or writing anything.
            if let current, endCompleted[index].contains(current) {
                return "client \(index) holds session \(current) after its own logout or withdrawal returned"
            }
            // Only a return counts: a client that took the session back before another client
            // ended it (a pair that client stored) holds it until it next reads the store.
            if let current, current != lastFamily[index], left[index].contains(current),
                endedForGood.contains(current)
            {
                return "client \(index): session \(current) came back after it was logged out or withdrawn"
            }
            if let previous = lastFamily[index], current != previous {
                left[index].insert(previous)
                // A logout or withdrawal may reach a session another writer put in the store over
                // the one it was issued under (the engine cannot tell it from a refresh).
                let requested = endRequests.contains {
                    history.successors(of: $0.family, for: $0.client).contains(previous)
                }
                // A verdict on a session reaches the sessions the client cannot tell from it (another
                // writer's, adopted over it), as a logout does.
                let verdict = dead.contains { history.successors(of: $0, for: index).contains(previous) }
                let justified =
                    requested || verdict
                    || displacedFromStore.contains(previous)
                if current == nil && !justified {
                    return "client \(index): session \(previous) ended (\(snapshot.state)) with no logout, "
                        + "withdrawal, dead-token verdict or store change"
                }
            }
            lastFamily[index] = current
        }
        return nil
    }
}
