import Foundation
import Testing
import WoteKit
import WoteKitTesting

/// Issue 30, item 1, against the reference server: the server rotates the pair and drops the
/// answer (`dropAnswer`); the client sends the same refresh token again.
extension EndToEnd {
    @Suite struct LostAnswer {
        let hooks = TestHooks()

        func dropNextRefreshAnswer() async throws {
            try await hooks.inject(TestHooks.Fault(method: "POST", path: "/api/auth/refresh", kind: "dropAnswer"))
        }

        @Test func graceServer_droppedRefreshAnswer_theSessionSurvivesWithOneNewPair() async throws {
            try await hooks.reset()
            let store = ReferenceServer.temporaryStore()
            let member = try await SignedInMember.make(hooks: hooks, storage: store)
            try await hooks.setRefreshReuse("grace")
            let before = try await hooks.counters()
            let spent = try #require(try await store.load())
            try await dropNextRefreshAnswer()

            let renewed = try await member.client.refreshSession()

            let after = try await hooks.counters()
            #expect(renewed.state == .signedIn)
            // The lost send rotated; the same token sent again got a pair back. (Over the Linux
            // URLSession transport the send right after the dropped connection can stall past the
            // time-out, and a third send then gets the pair: at most the configured 3 sends.)
            #expect((2...3).contains(after.refreshCalls - before.refreshCalls))
            let stored = try #require(try await store.load())
            #expect(stored.tokens.refreshToken != spent.tokens.refreshToken)
            #expect(stored.refreshSentAt == nil)
            // The one new pair is the session's current one: it works and refreshes normally.
            _ = try await member.client.fetchMyProfile()
            #expect(try await member.client.refreshSession().state == .signedIn)
            try await hooks.reset()
        }

        @Test func strictServer_droppedRefreshAnswer_theRecordSaysRefreshAnswerLost() async throws {
            try await hooks.reset()
            let store = ReferenceServer.temporaryStore()
            let member = try await SignedInMember.make(hooks: hooks, storage: store)
            try await hooks.setRefreshReuse("strict")
            try await dropNextRefreshAnswer()

            await #expect(throws: WoteError.sessionExpired) { try await member.client.refreshSession() }

            #expect(await member.client.currentSession.state == .signedOut(.refreshAnswerLost))
            let record = try #require(await member.client.lastSignOut)
            #expect(record.reason == .refreshAnswerLost)
            #expect(record.call == .refresh)
            #expect(record.divisionCode == "E016")
            #expect(try await store.load() == nil)
            try await hooks.reset()
        }
    }
}
