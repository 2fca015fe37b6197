import Foundation
import Observation
import Testing
import WoteKit
import WoteKitTesting

/// `SessionModel.lastSignOut` (issue 30, item 2): the record kept beside the store, read when the
/// model begins and again at each end, observed as SwiftUI observes it.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct SessionModelLastSignOutTests {
    /// Returns once `model.lastSignOut` satisfies `condition`, letting the model's task run in
    /// between (it reads the record after each end); records an issue if it never does.
    static func until(
        _ model: SessionModel, _ condition: (SignOutRecord?) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for _ in 0..<100_000 where !condition(model.lastSignOut) {
            await Task.yield()
        }
        #expect(
            condition(model.lastSignOut), "lastSignOut: \(String(describing: model.lastSignOut))",
            sourceLocation: sourceLocation)
    }

    @Test func lastSignOut_isTheRecordOfEachEnd_andOfAnEndBeforeTheModelBegan() async throws {
        let server = FakeWoteServer()
        let storage = InMemoryTokenStorage()
        let wote = SessionModelTests.client(of: server, storage: storage)
        defer { wote.shutdown() }
        _ = try await wote.beginSession(with: server.issuePair(), profileCompleted: true, remember: true)
        let session = wote.session
        #expect(session.lastSignOut == nil)

        server.ban(FakeWoteServer.defaultMember)
        await #expect(throws: WoteError.banned) { try await wote.fetchMyProfile() }
        await Self.until(session) { $0?.reason == .banned }
        #expect(session.lastSignOut?.call == .requestAnswer)
        #expect(session.lastSignOut?.divisionCode == "E018")
        #expect(session.lastSignOut == (await wote.lastSignOut))

        // The next end replaces it.
        server.addMember("member-2")
        _ = try await wote.beginSession(with: server.issuePair(for: "member-2"), remember: true)
        try await wote.logout()
        await Self.until(session) { $0?.reason == .loggedOut }
        #expect(session.lastSignOut?.call == .logout)

        // A client started later on the same store (the next launch) reads it at once.
        let relaunched = SessionModelTests.client(of: server, storage: storage)
        defer { relaunched.shutdown() }
        await Self.until(relaunched.session) { $0?.reason == .loggedOut && $0?.call == .logout }
    }

    @Test func aPreviewModel_hasNoRecord() {
        #expect(SessionModel.preview(.signedOut(.banned)).lastSignOut == nil)
    }
}
