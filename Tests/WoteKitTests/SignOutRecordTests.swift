import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 30, item 2: every path into signed-out leaves a record of why, when and through which
/// call, beside the store, without any token.
@Suite(.timeLimit(.minutes(1)))
struct SignOutRecordTests {
    /// A client of `server` over `storage`, on the server's clock.
    static func client(of server: FakeWoteServer, storage: some TokenStorage) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport,
                clock: server.clock.clock))
    }

    /// A client signed in as the default member, storing in `storage`.
    static func signedIn(
        _ server: FakeWoteServer = FakeWoteServer(), storage: some TokenStorage = TestTokenStorage()
    ) async throws -> WoteClient {
        let wote = client(of: server, storage: storage)
        _ = try await wote.beginSession(with: server.issuePair(), profileCompleted: true, remember: true)
        return wote
    }

    /// The record, with its reason, call and division code as expected, and the end as its last
    /// transition.
    static func expectRecord(
        of wote: WoteClient, reason: SignOutReason, call: SignOutCall, code: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let record = try #require(await wote.lastSignOut, sourceLocation: sourceLocation)
        #expect(record.reason == reason, sourceLocation: sourceLocation)
        #expect(record.call == call, sourceLocation: sourceLocation)
        #expect(record.divisionCode == code, sourceLocation: sourceLocation)
        #expect(record.transitions.last?.event.hasPrefix("signedOut") == true, sourceLocation: sourceLocation)
    }

    // MARK: - One test per path into signed-out

    @Test func logout_recordsLoggedOut_byLogout() async throws {
        let wote = try await Self.signedIn()
        #expect(await wote.lastSignOut == nil)
        try await wote.logout()
        try await Self.expectRecord(of: wote, reason: .loggedOut, call: .logout)
    }

    /// A profile fetch is no transition: fetches between the sign-in and the end leave the sign-in
    /// in the record's transitions (they used to fill the ring and push it out).
    @Test func profileFetches_areNoTransitions_theSignInStaysInTheRecord() async throws {
        let wote = try await Self.signedIn()
        for _ in 0..<(SignOutRecord.transitionLimit + 5) { _ = try await wote.fetchMyProfile() }
        try await wote.logout()
        let record = try #require(await wote.lastSignOut)
        #expect(record.transitions.map(\.event).contains("signedIn"))
        #expect(!record.transitions.contains { $0.event.hasPrefix("profileFetched") })
    }

    @Test func withdrawal_recordsWithdrawn_byWithdrawal() async throws {
        let wote = try await Self.signedIn()
        try await wote.withdraw()
        try await Self.expectRecord(of: wote, reason: .withdrawn, call: .withdrawal)
    }

    @Test func deadRefreshToken_recordsSessionExpired_byRefresh_withE016() async throws {
        let server = FakeWoteServer()
        let wote = try await Self.signedIn(server)
        server.expireSessions()
        server.clock.advance(by: .seconds(3600))
        await #expect(throws: WoteError.sessionExpired) { try await wote.refreshSession() }
        try await Self.expectRecord(of: wote, reason: .sessionExpired, call: .refresh, code: "E016")
    }

    @Test func bannedMember_recordsBanned_byTheRequestsAnswer_withE018() async throws {
        let scenario = try await WoteScenario.bannedMember()
        await #expect(throws: WoteError.banned) { try await scenario.wote.fetchMyProfile() }
        try await Self.expectRecord(of: scenario.wote, reason: .banned, call: .requestAnswer, code: "E018")
    }

    @Test func memberGone_recordsMemberGone_byTheRequestsAnswer_withE001() async throws {
        let scenario = try await WoteScenario.withdrawnOnAnotherDevice()
        await #expect(throws: WoteError.memberGone) { try await scenario.wote.fetchMyProfile() }
        try await Self.expectRecord(of: scenario.wote, reason: .memberGone, call: .requestAnswer, code: "E001")
    }

    @Test func anotherProcessEnded_recordsEndedElsewhere_byAnotherProcess() async throws {
        let scenario = try await WoteScenario.anotherProcessLoggedOut()
        _ = try? await scenario.wote.fetchMyProfile()
        #expect(await scenario.wote.currentSession.state == .signedOut(.endedElsewhere))
        try await Self.expectRecord(of: scenario.wote, reason: .endedElsewhere, call: .anotherProcess)
        // The other process's own record says it logged out.
        try await Self.expectRecord(of: try #require(scenario.otherProcess), reason: .loggedOut, call: .logout)
    }

    @Test func appleCredentialRevoked_recordsItsReason_byTheAppleCheck() async throws {
        let server = FakeWoteServer()
        let storage = TestTokenStorage()
        let wote = Self.client(of: server, storage: storage)
        let appleUser = "001234.abcdef.0123"
        var stored = StoredSession(tokens: server.issuePair(), profileCompleted: true)
        stored.appleUserID = appleUser
        storage.session = stored
        #expect(await wote.restoreSession().state == .signedIn)
        #expect(try await wote.engine.end(reason: .appleCredentialRevoked, ifAppleUserIs: appleUser))
        try await Self.expectRecord(of: wote, reason: .appleCredentialRevoked, call: .appleCredentialCheck)
    }

    @Test func corruptedStore_recordsStoredSessionCorrupted_byTheRestore() async throws {
        let storage = TestTokenStorage()
        storage.failLoads(with: .corrupted("missing `tokens`"))
        let wote = Self.client(of: FakeWoteServer(), storage: storage)
        #expect(await wote.restoreSession().state == .signedOut(.storedSessionCorrupted("missing `tokens`")))
        let record = try #require(await wote.lastSignOut)
        #expect(record.reason == .storedSessionCorrupted("missing `tokens`"))
        #expect(record.call == .restore)
        #expect(record.transitions.map(\.event) == ["restored signedOut(storedSessionCorrupted)"])
    }

    @Test func unreadableStore_isNoSignOut_andLeavesNoRecord() async throws {
        let scenario = try await WoteScenario.lockedKeychainAtLaunch()
        guard case .storageUnavailable = await scenario.wote.restoreSession().state else {
            Issue.record("the locked store was not storageUnavailable")
            return
        }
        #expect(await scenario.wote.lastSignOut == nil)
    }

    /// Issue 30, item 1: against a strict server, the refusal of the token sent again after a lost
    /// answer ends the session as `refreshAnswerLost`, recorded with the refresh's E016.
    @Test func lostRefreshAnswer_onAStrictServer_recordsRefreshAnswerLost_byRefresh() async throws {
        let scenario = try await WoteScenario.lostRefreshAnswer(rotation: .strict)
        _ = try? await scenario.wote.fetchMyProfile()
        #expect(await scenario.wote.currentSession.state == .signedOut(.refreshAnswerLost))
        try await Self.expectRecord(of: scenario.wote, reason: .refreshAnswerLost, call: .refresh, code: "E016")
    }

    @Test func wipeStoredSession_recordsLoggedOut_byLogout() async throws {
        let wote = try await Self.signedIn()
        try await wote.wipeStoredSession()
        try await Self.expectRecord(of: wote, reason: .loggedOut, call: .logout)
    }

    // MARK: - What the record keeps

    @Test func transitions_areTheSessionsLastEvents_boundedAndInOrder() async throws {
        let server = FakeWoteServer()
        let wote = try await Self.signedIn(server)
        for _ in 0..<(SignOutRecord.transitionLimit) {
            _ = try await wote.refreshSession()
        }
        try await wote.logout()
        let record = try #require(await wote.lastSignOut)
        #expect(record.transitions.count == SignOutRecord.transitionLimit)
        #expect(record.transitions.last?.event == "signedOut loggedOut")
        #expect(record.transitions.dropLast().contains { $0.event == "tokensRefreshed" })
        #expect(record.transitions.map(\.date) == record.transitions.map(\.date).sorted())
    }

    @Test func recordSurvivesARelaunch_onTheFileStore_asA0600SiblingFile() async throws {
        let folder = try TemporaryDirectory()
        let server = FakeWoteServer()
        let wote = try await Self.signedIn(server, storage: FileTokenStorage(fileURL: folder.store))
        server.ban(FakeWoteServer.defaultMember)
        await #expect(throws: WoteError.banned) { try await wote.fetchMyProfile() }
        wote.shutdown()

        let relaunched = Self.client(of: server, storage: FileTokenStorage(fileURL: folder.store))
        #expect(await relaunched.restoreSession().state == .signedOut(.noSession))
        try await Self.expectRecord(of: relaunched, reason: .banned, call: .requestAnswer, code: "E018")

        let recordPath = folder.store.path(percentEncoded: false) + ".signout"
        var info = stat()
        #expect(stat(recordPath, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func recordIsShared_byClientsOnOneInMemoryStore() async throws {
        let storage = InMemoryTokenStorage()
        let server = FakeWoteServer()
        let wote = try await Self.signedIn(server, storage: storage)
        try await wote.logout()
        let other = Self.client(of: server, storage: storage)
        try await Self.expectRecord(of: other, reason: .loggedOut, call: .logout)
    }

    @Test func record_showsNoToken_inItsEncodingOrDescription() async throws {
        let server = FakeWoteServer()
        let pair = server.issuePair()
        let wote = Self.client(of: server, storage: TestTokenStorage())
        _ = try await wote.beginSession(with: pair, profileCompleted: true, remember: true)
        _ = try await wote.refreshSession()
        let refreshed = try #require(await wote.currentSession.tokens)
        try await wote.logout()
        let record = try #require(await wote.lastSignOut)
        let encoded = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        for secret in [pair.accessToken, pair.refreshToken, refreshed.accessToken, refreshed.refreshToken] {
            #expect(!SecretScan.reveals(secret, in: record))
            #expect(!encoded.contains(secret))
        }
    }

    @Test func record_roundTripsThroughItsEncoding() throws {
        let record = SignOutRecord(
            date: Date(timeIntervalSince1970: 1_800_000_000), reason: .storedSessionCorrupted("not JSON"),
            divisionCode: nil, call: .restore,
            transitions: [SessionTransition(event: "restored signedOut(storedSessionCorrupted)", date: .now)])
        let decoded = try JSONDecoder().decode(SignOutRecord.self, from: try JSONEncoder().encode(record))
        #expect(decoded == record)
    }

    @Test func record_ofALaterFormat_isNotRead() throws {
        let later = #"{"version":2,"date":0,"reason":"banned","call":"refresh","transitions":[]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SignOutRecord.self, from: Data(later.utf8)) }
    }
}
