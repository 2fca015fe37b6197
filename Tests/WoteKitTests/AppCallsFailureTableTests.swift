import Foundation
import Testing
import WoteData
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The failure table of the DocC article "An app's own calls" (AppCalls.md), as a test: each row is
/// a case named after its first cell, sending the row's answers through a real `WoteClient` and
/// checking the error kinds the row names (in order, one per answer; the last repeats) and its
/// session cell (`unchanged`, `no refresh`, `moves to profile required`, `ended, store emptied`,
/// `kept`).
@Suite struct AppCallsFailureTableTests {
    static let table = try? DocumentedTable(
        "Sources/WoteKit/WoteKit.docc/AppCalls.md", headerStartingWith: "| answer | ``WoteError/kind`` | the session |")

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// What the server answers the app's call, one run per answer.
        let answers: [StubTransport.Reply]
        var testDescription: String { name }
    }

    private static func envelope(_ status: Int, _ code: String, http: Int? = nil) -> StubTransport.Reply {
        .json(http ?? status, #"{"status":\#(status),"divisionCode":"\#(code)","message":"refused \#(code)"}"#)
    }

    static let rows: [Row] = [
        Row(name: "E002, E003 (no such post or comment)", answers: [envelope(404, "E002"), envelope(404, "E003")]),
        Row(name: "E015 (already voted)", answers: [envelope(409, "E015")]),
        Row(name: "G010 (only the author may)", answers: [envelope(403, "G010")]),
        Row(
            name: "E008 (a bad page or size), G001–G007",
            answers: [envelope(400, "E008"), envelope(400, "G001"), envelope(400, "G004"), envelope(400, "G007")]),
        Row(name: "E019 (no consumer type yet)", answers: [envelope(403, "E019")]),
        Row(name: "any other code", answers: [envelope(400, "E042"), envelope(409, "G042")]),
        Row(name: "E009", answers: [envelope(403, "E009")]),
        Row(name: "E018, E001, E016", answers: [envelope(403, "E018"), envelope(404, "E001"), envelope(401, "E016")]),
        Row(
            name: "E004–E007",
            answers: [envelope(401, "E004"), envelope(401, "E005"), envelope(401, "E006"), envelope(401, "E007")]),
        Row(
            name: "G999 (even on HTTP 200), a 5xx status",
            answers: [
                envelope(500, "G999", http: 200), .raw(502, "<html>Bad Gateway</html>"),
                .json(503, #"{"status":503,"message":"down"}"#),
            ]),
        Row(
            name: "an unreadable body, a success without `data` for `fetch`",
            answers: [.raw(200, "<html>hello</html>"), .json(200, #"{"status":200,"message":"SUCCESS"}"#)]),
        Row(
            name: "a redirect to another origin, unless ``APIRequest/allowsCrossOriginRedirects``",
            answers: [
                .response(status: 302, headers: ["Location": "https://elsewhere.test/profile"], body: Data()),
                .response(status: 307, headers: ["Location": "http://api.wote.test/profile"], body: Data()),
            ]),
    ]

    @Test func everyRowOfTheTable_isATestCase_andEveryCaseARow() throws {
        let table = try #require(Self.table)
        #expect(table.names == Set(Self.rows.map(\.name)))
        #expect(table.rows.count == Self.rows.count)
    }

    @Test(arguments: rows)
    func failure_isWhatTheTableSays(_ row: Row) async throws {
        let cells = try #require(Self.table).cells(of: row.name, count: 3)
        let kinds = Self.kinds(in: cells[1])
        try #require(!kinds.isEmpty, "no kind in \(cells[1])")
        let session = cells[2]
        for (index, answer) in row.answers.enumerated() {
            let call = try await Self.call(answeredWith: answer)
            let expected = kinds[min(index, kinds.count - 1)]

            #expect(call.error?.kind.rawValue == expected, "answer \(index + 1) of \(row.name)")
            if expected == "rejected" { #expect(call.error?.code != nil, "rejected carries the code") }
            switch session {
            case let text where text.hasPrefix("unchanged"):
                #expect(call.state == .signedIn && call.stored == call.initial, "the session is unchanged")
                if text.contains("no refresh") { #expect(call.refreshes == 0, "no refresh") }
            case "moves to profile required":
                #expect(call.state == .profileRequired && call.stored != nil)
            case "ended, store emptied":
                #expect(!call.state.hasSession && call.stored == nil)
            case "kept":
                #expect(call.state == .signedIn && call.stored != nil)
                #expect(call.refreshes == 1 && call.sent == 2, "refreshed once and retried once")
            default:
                Issue.record("an unknown session cell: \(session)")
            }
        }
    }

    struct Call {
        var error: WoteError?
        var state: AuthenticationState
        var initial: TokenPair
        var stored: TokenPair?
        var refreshes: Int
        var sent: Int
    }

    /// Signs in over a stub whose refresh always renews, and sends one app call that gets `answer`.
    private static func call(answeredWith answer: StubTransport.Reply) async throws -> Call {
        let renewed = Locked(0)
        let stub = StubTransport { request in
            // Another origin answers with what the call wants: a followed redirect would succeed.
            if request.url?.scheme != "https" || request.url?.host != "api.wote.test" {
                return .json(200, #"{"status":200,"message":"SUCCESS","data":["another origin's"]}"#)
            }
            if request.url?.path == "/api/auth/refresh" {
                let n = renewed.withLock { count in
                    count += 1
                    return count
                }
                return TokenPairFixture(
                    accessToken: "access-\(n + 1)", refreshToken: "refresh-\(n + 1)", accessExpiresAt: nil,
                    refreshExpiresAt: nil
                ).refreshAnswer
            }
            return answer
        }
        let clock = TestClock()
        let storage = TestTokenStorage()
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.test")!, storage: storage, transport: stub.transport,
                clock: clock.clock))
        let initial = TokenPair(
            accessToken: "access-1", refreshToken: "refresh-1",
            accessTokenExpiresAt: clock.now.addingTimeInterval(3600),
            refreshTokenExpiresAt: clock.now.addingTimeInterval(86_400), receivedAt: clock.now)
        try await wote.beginSession(with: initial)

        var error: WoteError?
        do {
            _ = try await wote.fetch([String].self, .get("/api/posts/1"))
        } catch let failure {
            error = failure
        }
        return Call(
            error: error, state: await wote.currentSession.state, initial: initial, stored: storage.session?.tokens,
            refreshes: stub.requests(path: "/api/auth/refresh").count, sent: stub.requests(path: "/api/posts/1").count)
    }

    /// The kinds a cell names (``WoteError/Kind/notFound``), in order.
    private static func kinds(in cell: String) -> [String] {
        cell.components(separatedBy: "``WoteError/Kind/").dropFirst().map { String($0.prefix { $0.isLetter }) }
    }
}
