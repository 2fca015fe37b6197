import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Docs/SignOutInputs.md, "Only a verdict signs out" (issue 30, item 3): every input that reaches the
/// session, one test per row, named in the row's last cell. A test whose name ends `_endsTheSession`
/// checks the state and the `SignOutRecord` after the end; one whose name ends `_keepsTheSession`
/// checks that the person is still signed in with the stored pair (or, at launch, that nothing is
/// deleted) and that no record of a sign-out was written. The first test keeps the table and this
/// file in step.
@Suite(.timeLimit(.minutes(1)))
struct InputTableTests {
    static let table = try? DocumentedTable("Docs/SignOutInputs.md", headerStartingWith: "| input |")

    /// The refresh call's path in the Wote contract (API.md §4.2).
    static let refreshPath = "/api/auth/refresh"
    /// How many times one refresh sends its token when no answer comes (the lost-answer retry).
    static let sendsOfOneRefresh = SessionConfiguration.LostAnswerRetry().maximumAttempts

    // MARK: - The table and the tests agree

    @Test func everyRowNamesOneTestOfThisFile_andEveryTestIsARow() throws {
        let table = try #require(Self.table)
        let source = try String(
            contentsOf: DocumentedTable.repositoryRoot.appending(path: "Tests/SessionTests/InputTableTests.swift"),
            encoding: .utf8)
        let testsInFile = Set(
            source.split(separator: "\n").compactMap { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("@Test func ") else { return nil }
                return String(text.dropFirst("@Test func ".count).prefix { $0 != "(" })
            }
        ).subtracting(["everyRowNamesOneTestOfThisFile_andEveryTestIsARow"])
        var named: [String] = []
        for row in table.rows {
            let cells = try table.cells(of: row.name, count: 4)
            let test = cells[3].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            named.append(test)
            #expect(testsInFile.contains(test), "row '\(row.name)' names \(test), which is no test here")
            switch cells[1] {
            case "yes": #expect(test.hasSuffix("_endsTheSession"), "row '\(row.name)': \(test)")
            case "no": #expect(test.hasSuffix("_keepsTheSession"), "row '\(row.name)': \(test)")
            default: Issue.record("row '\(row.name)': the 'ends it' cell is '\(cells[1])', not yes or no")
            }
        }
        #expect(named.count == Set(named).count, "a test is named by two rows")
        #expect(Set(named) == testsInFile, "a test of this file is no row of the table")
        #expect(table.rows.count >= 17)
    }

    // MARK: - Inputs that end the session

    @Test func aReadableE016OnRefresh_endsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.server.expireSessions()
        rig.server.clock.advance(by: .seconds(3600))
        await #expect(throws: WoteError.sessionExpired) { try await rig.wote.fetchMyProfile() }
        try await rig.expectEnded(.sessionExpired, call: .refresh, code: "E016")
    }

    @Test func aReadable401WithoutACodeOnRefresh_endsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.refreshAnswers([.json(401, #"{"status":401,"message":"Unauthorized"}"#)])
        rig.server.clock.advance(by: .seconds(3600))
        await #expect(throws: WoteError.sessionExpired) { try await rig.wote.fetchMyProfile() }
        try await rig.expectEnded(.sessionExpired, call: .refresh)
    }

    @Test func aReadableE018Banned_endsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.server.ban(FakeWoteServer.defaultMember)
        await #expect(throws: WoteError.banned) { try await rig.wote.fetchMyProfile() }
        try await rig.expectEnded(.banned, call: .requestAnswer, code: "E018")
    }

    @Test func aReadableE018BannedOnRefresh_endsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.refreshAnswers([.json(403, #"{"status":403,"divisionCode":"E018","message":"banned"}"#)])
        rig.server.clock.advance(by: .seconds(3600))
        await #expect(throws: WoteError.banned) { try await rig.wote.fetchMyProfile() }
        try await rig.expectEnded(.banned, call: .refresh, code: "E018")
    }

    @Test func aReadableE001MemberGone_endsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.server.deleteMember(FakeWoteServer.defaultMember)
        await #expect(throws: WoteError.memberGone) { try await rig.wote.fetchMyProfile() }
        try await rig.expectEnded(.memberGone, call: .requestAnswer, code: "E001")
    }

    @Test func theOwnLogout_endsTheSession() async throws {
        let rig = try await Rig.signedIn()
        try await rig.wote.logout()
        try await rig.expectEnded(.loggedOut, call: .logout)
    }

    @Test func theOwnWithdrawal_endsTheSession() async throws {
        let rig = try await Rig.signedIn()
        try await rig.wote.withdraw()
        try await rig.expectEnded(.withdrawn, call: .withdrawal)
    }

    @Test func anotherProcessEnd_endsTheSession() async throws {
        let rig = try await Rig.signedIn()
        let other = Rig.client(of: rig.server, transport: rig.server.transport, storage: rig.storage)
        defer { other.shutdown() }
        #expect(await other.restoreSession().state == .signedIn)
        try await other.logout()
        _ = try? await rig.wote.fetchMyProfile()
        try await rig.expectEnded(.endedElsewhere, call: .anotherProcess)
    }

    // MARK: - Inputs that never end it

    @Test func aCancelledRequest_keepsTheSession() async throws {
        let rig = try await Rig.signedIn()
        let gate = CallGate()
        rig.server.inject(.hold(gate), on: Self.refreshPath)
        rig.server.clock.advance(by: .seconds(3600))
        let wote = rig.wote
        let call = Task { try await wote.fetchMyProfile() }
        await gate.waitForArrivals(1)
        call.cancel()
        gate.open()
        _ = try? await call.value
        try await rig.expectKept()
    }

    @Test func aTimeoutOnRefresh_keepsTheSession() async throws {
        let rig = try await Rig.signedIn()
        // Every send of the refresh times out: the first and each one the lost-answer retry makes.
        rig.refreshAnswers(Array(repeating: .failure(.timeout), count: Self.sendsOfOneRefresh))
        try await rig.expectKeptAfterARefresh()
    }

    @Test func aDroppedConnectionOnRefresh_keepsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.server.inject(.drop, on: Self.refreshPath, times: Self.sendsOfOneRefresh)
        try await rig.expectKeptAfterARefresh()
    }

    @Test func a5xxOnRefresh_keepsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.server.inject(.serverError(status: 502), on: Self.refreshPath)
        try await rig.expectKeptAfterARefresh()
    }

    @Test func anHTMLPageOnRefresh_keepsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.server.inject(.htmlPage(status: 401), on: Self.refreshPath)
        try await rig.expectKeptAfterARefresh()
    }

    @Test func anUnreadableBodyOnRefresh_keepsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.refreshAnswers([.json(200, #"{"status":200,"message":"token renew success.","data":{"accessTo"#)])
        try await rig.expectKeptAfterARefresh()
    }

    @Test func a429WithRetryAfterOnRefresh_keepsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.server.inject(.retryAfter(seconds: 120, status: 429), on: Self.refreshPath)
        try await rig.expectKeptAfterARefresh()
    }

    @Test func a503WithRetryAfterOnRefresh_keepsTheSession() async throws {
        let rig = try await Rig.signedIn()
        rig.server.inject(.retryAfter(seconds: 120, status: 503), on: Self.refreshPath)
        try await rig.expectKeptAfterARefresh()
    }

    @Test func aLockedKeychainAtLaunch_keepsTheSession() async throws {
        try await Rig.expectKeptAtLaunch(
            failingWith: .unavailable("the Keychain is locked until the device is unlocked"))
    }

    @Test func aStoreThatCannotBeReadAtLaunch_keepsTheSession() async throws {
        try await Rig.expectKeptAtLaunch(failingWith: .unavailable("Permission denied"))
    }

    @Test func aNewerStoreFormatAtLaunch_keepsTheSession() async throws {
        let folder = try TemporaryDirectory()
        let newer = Data(
            #"{"version":99,"session":{"accessToken":"newer-access","refreshToken":"newer-refresh"}}"#.utf8)
        let url = folder.url.appendingPathComponent("session.json")
        try newer.write(to: url)
        let server = FakeWoteServer()
        let wote = Rig.client(of: server, transport: server.transport, storage: FileTokenStorage(fileURL: url))
        defer { wote.shutdown() }
        guard case .storageUnavailable = await wote.restoreSession().state else {
            Issue.record("a newer store format was not storageUnavailable")
            return
        }
        #expect(try Data(contentsOf: url) == newer)
        #expect(await wote.lastSignOut == nil)
    }

    // MARK: - The rig

    /// A client of a `FakeWoteServer` on its test clock, signed in, whose refresh answers a test may
    /// script ahead of the server.
    struct Rig {
        let server: FakeWoteServer
        let storage: TestTokenStorage
        let wote: WoteClient
        private let scripted: Locked<[StubTransport.Reply]>

        static func client(of server: FakeWoteServer, transport: HTTPTransport, storage: some TokenStorage)
            -> WoteClient
        {
            WoteClient(
                configuration: WoteConfiguration(
                    baseURL: FakeWoteServer.baseURL, storage: storage, transport: transport,
                    clock: server.clock.clock))
        }

        /// Signed in as the server's default member, the pair stored.
        static func signedIn() async throws -> Rig {
            let server = FakeWoteServer()
            let scripted = Locked<[StubTransport.Reply]>([])
            let stub = StubTransport { request in
                if request.url?.path == InputTableTests.refreshPath,
                    let reply = scripted.withLock({ $0.isEmpty ? nil : $0.removeFirst() })
                {
                    return reply
                }
                let (body, response) = try await server.transport.send(request)
                let head = try #require(response as? HTTPURLResponse)
                var headers: [String: String] = [:]
                for case (let name as String, let value as String) in head.allHeaderFields { headers[name] = value }
                return .response(status: head.statusCode, headers: headers, body: body)
            }
            let storage = TestTokenStorage()
            let wote = client(of: server, transport: stub.transport, storage: storage)
            _ = try await wote.beginSession(with: server.issuePair(), profileCompleted: true, remember: true)
            return Rig(server: server, storage: storage, wote: wote, scripted: scripted)
        }

        /// The next refresh calls get `replies`, in order, before the server sees them.
        func refreshAnswers(_ replies: [StubTransport.Reply]) {
            scripted.withLock { $0 = replies }
        }

        /// Signed out for `reason`, nothing stored, and a record of the end by `call`.
        func expectEnded(
            _ reason: SignOutReason, call: SignOutCall, code: String? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            #expect(await wote.currentSession.state == .signedOut(reason), sourceLocation: sourceLocation)
            #expect(storage.session == nil, sourceLocation: sourceLocation)
            let record = try #require(await wote.lastSignOut, sourceLocation: sourceLocation)
            #expect(record.reason == reason, sourceLocation: sourceLocation)
            #expect(record.call == call, sourceLocation: sourceLocation)
            if let code { #expect(record.divisionCode == code, sourceLocation: sourceLocation) }
            wote.shutdown()
        }

        /// Still signed in with a stored pair, and no record of a sign-out.
        func expectKept(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            #expect(await wote.currentSession.state == .signedIn, sourceLocation: sourceLocation)
            #expect(storage.session != nil, sourceLocation: sourceLocation)
            #expect(await wote.currentSession.tokens == storage.session?.tokens, sourceLocation: sourceLocation)
            #expect(await wote.lastSignOut == nil, sourceLocation: sourceLocation)
            wote.shutdown()
        }

        /// The access token expires, a call needs the refresh that meets the input and fails with a
        /// passing error; the session and its stored pair are kept, no record is written, and the
        /// next call, once the input is gone, succeeds with the same session.
        func expectKeptAfterARefresh(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let before = storage.session?.tokens
            server.clock.advance(by: .seconds(3600))
            do {
                _ = try await wote.fetchMyProfile()
                Issue.record("the call met no failure", sourceLocation: sourceLocation)
            } catch {
                #expect(
                    ![.sessionExpired, .banned, .memberGone, .notSignedIn].contains(error), "\(error)",
                    sourceLocation: sourceLocation)
            }
            #expect(storage.session?.tokens == before, sourceLocation: sourceLocation)
            #expect(await wote.currentSession.state == .signedIn, sourceLocation: sourceLocation)
            #expect(await wote.lastSignOut == nil, sourceLocation: sourceLocation)
            server.clock.advance(by: .seconds(300))
            _ = try await wote.fetchMyProfile()
            try await expectKept(sourceLocation: sourceLocation)
        }

        /// A stored session whose store fails to load with `error` at launch: `storageUnavailable`,
        /// nothing deleted, no record; once the store reads again, restoring signs the person in with
        /// the stored pair.
        static func expectKeptAtLaunch(
            failingWith error: TokenStorageError, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let server = FakeWoteServer()
            let pair = server.issuePair()
            let storage = TestTokenStorage(session: StoredSession(tokens: pair, profileCompleted: true))
            storage.failLoads(with: error)
            let wote = client(of: server, transport: server.transport, storage: storage)
            defer { wote.shutdown() }
            #expect(
                await wote.restoreSession().state == .storageUnavailable(reason: error.reason),
                sourceLocation: sourceLocation)
            #expect(storage.session?.tokens == pair, sourceLocation: sourceLocation)
            #expect(storage.removeCount == 0, sourceLocation: sourceLocation)
            #expect(await wote.lastSignOut == nil, sourceLocation: sourceLocation)
            storage.failLoads(with: nil)
            #expect(await wote.restoreSession().state == .signedIn, sourceLocation: sourceLocation)
            #expect(await wote.currentSession.tokens == pair, sourceLocation: sourceLocation)
        }
    }
}
