import Foundation
import Testing
import WoteTestSupport

/// `wote status --why`: the record of the last sign-out, read by a later process (a relaunch).
@Suite(.timeLimit(.minutes(1))) struct StatusWhyTests {
    @Test func statusWhy_afterARelaunch_printsWhyTheRefreshEndedTheSession() async throws {
        let sandbox = try Sandbox()
        let server = try Fixtures.expiredSessionAndItsRefreshRefused(at: sandbox.store)
        defer { server.stop() }
        let url = server.baseURL
        _ = try await sandbox.wote(["refresh"], server: url)

        let json = try await sandbox.wote(["status", "--why", "--json"], server: url)
        #expect(json.status == 0, "\(json)")
        let record = try #require(try json.json()["lastSignOut"] as? [String: Any])
        #expect(record["reason"] as? String == "sessionExpired")
        #expect(record["call"] as? String == "refresh")
        #expect(record["divisionCode"] as? String == "E016")
        let events = (record["transitions"] as? [[String: Any]])?.compactMap { $0["event"] as? String }
        #expect(events?.last == "signedOut sessionExpired")

        let text = try await sandbox.wote(["status", "--why"], server: url)
        #expect(text.stdout.contains("Last sign-out: "), "\(text)")
        #expect(text.stdout.contains("sessionExpired (E016)"))
        for output in [json.stdout, text.stdout] {
            #expect(!output.contains(Fixtures.accessToken))
            #expect(!output.contains(Fixtures.refreshToken))
        }
    }

    /// Issue 30, item 1: a launch after one killed mid-refresh (the store records the send, and the
    /// strict server rotated for the answer it never got): the refusal is the lost answer's.
    @Test func statusWhy_afterARefreshAnswerLostByAnEarlierLaunch_saysSo() async throws {
        let sandbox = try Sandbox()
        let server = try Fixtures.expiredSessionAndItsRefreshRefused(at: sandbox.store)
        defer { server.stop() }
        var stored = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.store)) as? [String: Any])
        stored["refreshSentAt"] = Int64((Date().timeIntervalSince1970 - 2) * 1000)
        try JSONSerialization.data(withJSONObject: stored).write(to: sandbox.store)
        _ = try await sandbox.wote(["refresh"], server: server.baseURL)

        let json = try await sandbox.wote(["status", "--why", "--json"], server: server.baseURL)
        let record = try #require(try json.json()["lastSignOut"] as? [String: Any], "\(json)")
        #expect(record["reason"] as? String == "refreshAnswerLost")
        #expect(record["divisionCode"] as? String == "E016")
        let text = try await sandbox.wote(["status", "--why"], server: server.baseURL)
        #expect(text.stdout.contains("refreshAnswerLost (E016)"), "\(text)")
    }

    @Test func statusWhy_withNoRecord_saysSo() async throws {
        let sandbox = try Sandbox()
        let server = try LoopbackHTTPServer { _ in Fixtures.json("{}", status: 500) }
        defer { server.stop() }
        let json = try await sandbox.wote(["status", "--why", "--json"], server: server.baseURL)
        #expect(json.status == 0, "\(json)")
        #expect(try json.json()["lastSignOut"] is NSNull)
        let text = try await sandbox.wote(["status", "--why"], server: server.baseURL)
        #expect(text.stdout.contains("No sign-out recorded."))
    }
}
