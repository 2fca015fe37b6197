import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession
import WoteTestSupport

/// The DocC article SessionLifecycle's restore table, as a test: each row is a case named after its
/// first cell; the case makes the stored situation, restores, and checks the row's result and its
/// network cell (`none`: no request; `one refresh` or `one attempt`: exactly one refresh call).
@Suite struct RestoreTableTests {
    static let table = try? DocumentedTable(
        "Sources/WoteKit/WoteKit.docc/SessionLifecycle.md", headerStartingWith: "| stored | result | network |")

    /// A situation in the store, and what restore must make of it.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// Stores the situation (the fixture's access tokens live 60 s, refresh tokens 3,600 s).
        let prepare: @Sendable (EngineFixture) -> Void
        /// Checks the snapshot and the store after restore.
        let check: @Sendable (SessionSnapshot, EngineFixture, _ stored: StoredSession?) -> Void
        var testDescription: String { name }
    }

    static func store(_ fixture: EngineFixture, profileCompleted: Bool = true) -> StoredSession {
        let session = StoredSession(tokens: fixture.server.issuePair(), profileCompleted: profileCompleted)
        fixture.storage.session = session
        return session
    }

    static let rows: [Row] = [
        Row(name: "nothing") { _ in
        } check: { snapshot, fixture, _ in
            #expect(snapshot.state == .signedOut(.noSession))
            #expect(fixture.storage.session == nil)
        },
        Row(name: "cannot be read") { fixture in
            _ = store(fixture)
            fixture.storage.failLoads(with: .unavailable("keychain locked"))
        } check: { snapshot, fixture, stored in
            #expect(snapshot.state == .storageUnavailable(reason: "keychain locked"))
            #expect(fixture.storage.session == stored && fixture.storage.removeCount == 0, "the store is left alone")
        },
        Row(name: "unreadable content") { fixture in
            fixture.storage.failLoads(with: .corrupted("not JSON"))
        } check: { snapshot, _, _ in
            #expect(snapshot.state == .signedOut(.storedSessionCorrupted("not JSON")))
        },
        Row(name: "an access token not yet expired") { fixture in
            _ = store(fixture, profileCompleted: false)
            fixture.clock.advance(by: .seconds(50))
        } check: { snapshot, _, _ in
            #expect(snapshot.state == .profileRequired)
            #expect(snapshot.warning == nil)
        },
        Row(name: "an expired access token and a valid refresh token") { fixture in
            _ = store(fixture)
            fixture.clock.advance(by: .seconds(61))
        } check: { snapshot, fixture, stored in
            #expect(snapshot.state == .signedIn)
            #expect(snapshot.tokens != stored?.tokens && fixture.storage.session?.tokens == snapshot.tokens)
        },
        Row(name: "the same, but the refresh cannot reach the server") { fixture in
            _ = store(fixture)
            fixture.clock.advance(by: .seconds(61))
            fixture.answerNextRefresh(with: .failure(.network("offline")))
        } check: { snapshot, fixture, stored in
            #expect(snapshot.state == .signedIn)
            #expect(snapshot.warning == .networkUnavailable("offline"))
            // The same pair, with the record of its send (StoredSession.refreshSentAt).
            #expect(fixture.storage.session?.tokens == stored?.tokens)
            #expect(fixture.storage.session?.refreshSentAt != nil)
        },
        Row(name: "both tokens expired on the device's clock") { fixture in
            _ = store(fixture)
            fixture.clock.advance(by: .seconds(7_200))  // the device's clock says both are long dead
            // The server's clock is only 61 s on: for it, the refresh token is alive.
            fixture.server.setServerTimeOffset(.seconds(61 - 7_200))
        } check: { snapshot, fixture, _ in
            // The server still accepts the refresh token: it decides, and keeps the session.
            #expect(snapshot.state == .signedIn)
            #expect(fixture.storage.session?.tokens == snapshot.tokens)
        },
    ]

    @Test func everyRowOfTheTable_isATestCase_andEveryCaseARow() throws {
        let table = try #require(Self.table)
        #expect(table.names == Set(Self.rows.map(\.name)))
        #expect(table.rows.count == Self.rows.count)
    }

    @Test(arguments: rows)
    func restore_isWhatTheTableSays(_ row: Row) async throws {
        let cells = try #require(Self.table).cells(of: row.name, count: 3)
        // One attempt: the row's network cell counts the first send (LostRefreshAnswerTests test
        // sending it again).
        let fixture = EngineFixture(accessLifetime: 60, refreshLifetime: 3_600, configuration: .oneAttempt)
        row.prepare(fixture)
        let stored = fixture.storage.session

        let snapshot = await fixture.engine.restore()

        row.check(snapshot, fixture, stored)
        switch cells[2] {
        case "none": #expect(fixture.server.log.isEmpty, "network")
        case "one refresh", "one attempt":
            #expect(fixture.refreshCalls == 1, "network")
            #expect(fixture.server.log.count == 1, "network")
        default: Issue.record("an unknown network cell: \(cells[2])")
        }
    }

    /// The last row's other half: when the server refuses the refresh token, restore signs out and
    /// empties the store, as the row's result says.
    @Test func bothTokensExpired_andTheServerRefuses_signsOut_andEmptiesTheStore() async throws {
        let cells = try #require(Self.table).cells(of: "both tokens expired on the device's clock", count: 3)
        #expect(cells[1].contains("``SignOutReason/sessionExpired``") && cells[1].contains("store emptied"))
        let fixture = EngineFixture(accessLifetime: 60, refreshLifetime: 3_600)
        _ = Self.store(fixture)
        fixture.clock.advance(by: .seconds(7_200))  // the server's clock too: it refuses the refresh token (E016)

        let snapshot = await fixture.engine.restore()

        #expect(snapshot.state == .signedOut(.sessionExpired))
        #expect(fixture.storage.session == nil)
        #expect(fixture.refreshCalls == 1)
    }
}
