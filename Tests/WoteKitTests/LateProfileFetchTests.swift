import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 33, item 2, through the public API: member A's profile fetch is on the wire while A logs
/// out and B signs in. A's answer, arriving late, is not A's caller's any more, and the observable
/// session never shows A's profile in B's session (LateProfileAnswerTests covers an answer that
/// passed the engine before the switch).
@MainActor
@Suite(.timeLimit(.minutes(1))) struct LateProfileFetchTests {
    @Test func profileOfA_heldOnTheWire_untilBSignedIn_isNeverShownInBsSession() async throws {
        let server = FakeWoteServer()
        let profileOfB = User(nickname: "memberB", school: School(name: "B High", region: .busan))
        server.addMember("B", profile: profileOfB)
        let wote = SessionModelTests.client(of: server)
        let watch = SessionModelTests.Watch(wote.session)
        let events = wote.sessionEvents()
        #expect(try await wote.beginSession(with: server.issuePair()) == .signedIn)
        let gate = CallGate()
        server.inject(.hold(gate), on: "/api/profiles")
        let fetchOfA = Task { try await wote.fetchMyProfile() }
        await gate.waitForArrivals()

        try await wote.logout()
        #expect(try await wote.beginSession(with: server.issuePair(for: "B")) == .signedIn)
        gate.open()

        await #expect(throws: WoteError.notSignedIn) { try await fetchOfA.value }
        #expect(try await wote.fetchMyProfile() == profileOfB)
        await watch.until { $0.profile == profileOfB }
        wote.shutdown()
        var sinceB: [User] = []
        for await event in events {
            if event == .signedIn { sinceB = [] }
            if case .profileFetched(let user) = event { sinceB.append(user) }
        }
        #expect(sinceB == [profileOfB])
    }
}
