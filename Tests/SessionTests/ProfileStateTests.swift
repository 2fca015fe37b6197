import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository

/// The profile state follows the server's answers: an accepted answer behind the profile gate means
/// the profile is completed.
@Suite struct ProfileStateTests {
    static let behindTheGate = Endpoint(method: .get, path: "/api/members", authorization: .bearer)

    @Test func acceptedAnswerBehindTheProfileGate_marksTheProfileCompleted() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)
        let events = fixture.engine.events()

        #expect(try await fixture.engine.send(Self.behindTheGate).status == 200)

        #expect(await fixture.engine.snapshot().state == .signedIn)
        #expect(fixture.storage.session?.profileCompleted == true)
        #expect(await drain(events, of: fixture.engine) == [.signedIn])
    }

    @Test func acceptedAnswerOnTheProfilePaths_changesNothing() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)

        #expect(try await fixture.fetchProfile() == 200)

        #expect(await fixture.engine.snapshot().state == .profileRequired)
        #expect(fixture.storage.session?.profileCompleted == false)
    }

    @Test func storeFailure_afterTheServerAccepted_isReported_asAnEvent() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)
        fixture.storage.failWrites(with: .unavailable("disk full"))
        let events = fixture.engine.events()

        #expect(try await fixture.engine.send(Self.behindTheGate).status == 200)

        #expect(await fixture.engine.snapshot().state == .signedIn)
        #expect(
            await drain(events, of: fixture.engine) == [.signedIn, .refreshFailed(.storageFailure("disk full"))])
    }
}
