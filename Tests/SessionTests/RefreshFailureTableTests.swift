import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession
import WoteTestSupport

/// Docs/Session.md's table "Failure classification" (what happened on the refresh call) is run as
/// written: each row is a case named after its first cell, and the case checks the row's other
/// cells (tokens, state, what the waiting request gets, the event) against what the engine does.
/// Changing the table without this test, or the engine without the table, fails here.
@Suite struct RefreshFailureTableTests {
    static let table = try? DocumentedTable(
        "Docs/Session.md", headerStartingWith: "| what happened on the refresh call |")

    /// How a row's situation is made.
    enum Setup: Sendable {
        /// The refresh call gets each of these answers (one run per answer).
        case refreshAnswers([StubTransport.Reply])
        /// One refresh per window is allowed and has been used.
        case stormGuardTripped
        /// Another process emptied the store before the refresh takes its lock.
        case storeEmptiedElsewhere
        /// Another process holds the store's lock longer than `storeLockTimeout`.
        case storeLockHeld
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let setup: Setup
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "HTTP 200 body 401 `E016` (unknown, superseded, expired refresh token)",
            setup: .refreshAnswers([
                .json(200, #"{"status":401,"divisionCode":"E016","message":"Invalid refresh token"}"#)
            ])),
        Row(
            name: "`E001` (member gone)",
            setup: .refreshAnswers([.json(404, #"{"status":404,"divisionCode":"E001","message":"member not found"}"#)])),
        Row(
            name: "`E018` (banned)",
            setup: .refreshAnswers([.json(403, #"{"status":403,"divisionCode":"E018","message":"banned"}"#)])),
        Row(
            name: "a readable 401 or 403 envelope without a code",
            setup: .refreshAnswers([
                .json(401, #"{"status":401,"message":"Unauthorized"}"#),
                .json(403, #"{"status":403,"message":"Forbidden"}"#),
            ])),
        Row(
            name: "HTTP 401 or 403 whose body cannot be read (a proxy's HTML page, an empty or plain-text body)",
            setup: .refreshAnswers([
                .raw(403, "<html>Forbidden</html>"), .raw(401, ""),
                .raw(401, "Unauthorized", contentType: "text/plain"),
            ])),
        Row(name: "no HTTP answer (offline, refused, reset)", setup: .refreshAnswers([.failure(.network("offline"))])),
        Row(name: "time-out", setup: .refreshAnswers([.failure(.timeout)])),
        Row(
            name: "HTTP 5xx (HTML or envelope)",
            setup: .refreshAnswers([
                .raw(502, "<html>Bad Gateway</html>"),
                .json(500, #"{"status":500,"divisionCode":"G999","message":"oops"}"#),
            ])),
        Row(
            name: "unreadable body (truncated, wrong types, missing `data`)",
            setup: .refreshAnswers([
                .json(200, #"{"status":200,"message":"token renew success.","data":{"accessTo"#),
                .json(
                    200, #"{"status":200,"message":"token renew success.","data":{"accessToken":1,"refreshToken":2}}"#),
                .json(200, #"{"status":200,"message":"token renew success."}"#),
            ])),
        Row(
            name: "another error envelope (a G-code)",
            setup: .refreshAnswers([.json(400, #"{"status":400,"divisionCode":"G042","message":"no"}"#)])),
        Row(name: "storm guard tripped", setup: .stormGuardTripped),
        Row(
            name: "the store is empty when the refresh takes the lock (another process signed out)",
            setup: .storeEmptiedElsewhere),
        Row(name: "the store's lock stays held longer than `storeLockTimeout`", setup: .storeLockHeld),
    ]

    @Test func everyRowOfTheTable_isATestCase_andEveryCaseARow() throws {
        let table = try #require(Self.table)
        #expect(table.names == Set(Self.rows.map(\.name)))
        #expect(table.rows.count == Self.rows.count)
    }

    @Test(arguments: rows)
    func refreshOutcome_isWhatTheTableSays(_ row: Row) async throws {
        let cells = try #require(Self.table).cells(of: row.name, count: 6)
        let (tokens, state, waiting, event) = (cells[2], cells[3], cells[4], cells[5])
        let answers: [StubTransport.Reply?] =
            if case .refreshAnswers(let replies) = row.setup { replies } else { [nil] }
        for answer in answers {
            let observed = try await observe(row.setup, answer: answer)

            switch tokens {
            case "deleted": #expect(observed.storedAfter == nil, "tokens")
            case "kept": #expect(observed.storedAfter == observed.storedBefore && observed.storedAfter != nil, "tokens")
            default: #expect(tokens == "—", "an unknown tokens cell: \(tokens)")
            }
            #expect("\(observed.state)" == (state == "unchanged" ? "signedIn" : Self.code(state)), "state")
            #expect(observed.error?.kind.rawValue == Self.name(waiting), "waiting requests get")
            let signedOut = observed.events.filter { if case .signedOut = $0 { true } else { false } }
            if Self.name(event) == "refreshFailed" {
                #expect(observed.events.contains { "\($0)".hasPrefix("refreshFailed(") }, "event")
                #expect(signedOut.isEmpty, "event")
            } else {
                #expect(signedOut.map { "\($0)" } == [Self.code(event)], "event")
            }
        }
    }

    struct Observed {
        var storedBefore: TokenPair?
        var storedAfter: TokenPair?
        var state: AuthenticationState
        var error: WoteError?
        var events: [SessionEvent]
    }

    /// Signs in, lets the access token expire, makes the row's situation, and sends one protected
    /// request, which needs the refresh.
    private func observe(_ setup: Setup, answer: StubTransport.Reply?) async throws -> Observed {
        var configuration = SessionConfiguration()
        if case .stormGuardTripped = setup {
            configuration = SessionConfiguration(maximumRefreshesPerWindow: 1, refreshWindow: .seconds(3_600))
        }
        // One answer per row: the token is not sent again (LostRefreshAnswerTests test that).
        configuration.lostAnswerRetry = .never
        let fixture = EngineFixture(accessLifetime: 60, configuration: configuration)
        let directory = try TemporaryDirectory()
        let file = FileTokenStorage(fileURL: directory.store)
        let engine: SessionEngine
        let stored: () async -> TokenPair?
        if case .storeLockHeld = setup {
            engine = fixture.makeEngine(
                storage: file, configuration: SessionConfiguration(storeLockTimeout: .milliseconds(50)))
            stored = { try? await file.load()?.tokens }
        } else {
            engine = fixture.engine
            stored = { fixture.storage.session?.tokens }
        }
        _ = try await engine.begin(
            StoredSession(tokens: fixture.server.issuePair(), profileCompleted: true), persist: true)
        if case .stormGuardTripped = setup {
            fixture.clock.advance(by: .seconds(61))
            _ = try await engine.send(EngineFixture.profile)  // the window's one refresh
        }
        let before = await stored()
        let events = engine.events()
        fixture.clock.advance(by: .seconds(61))
        var held: TokenStorageLock?
        switch setup {
        case .refreshAnswers: if let answer { fixture.answerNextRefresh(with: answer) }
        case .stormGuardTripped: break
        case .storeEmptiedElsewhere: fixture.storage.session = nil
        case .storeLockHeld: held = try await FileTokenStorage(fileURL: directory.store).lockForRefresh()
        }

        var error: WoteError?
        do throws(APIError) {
            _ = try await engine.send(EngineFixture.profile)
        } catch let failure {
            error = failure.toDomain()
        }
        held?.release()
        return Observed(
            storedBefore: before, storedAfter: await stored(), state: await engine.snapshot().state, error: error,
            events: await drain(events, of: engine))
    }

    /// The text between the first pair of backquotes: "`signedOut(banned)`" gives "signedOut(banned)".
    private static func code(_ cell: String) -> String {
        cell.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? cell
    }

    /// The name a cell's code starts with: "`rejected(code)`" gives "rejected".
    private static func name(_ cell: String) -> String {
        String(code(cell).prefix { $0.isLetter || $0.isNumber })
    }
}
