import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

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

    @Test func gateLeftToTheCaller_isSettledWithItsReading() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)

        let sent = try await fixture.engine.sendLeavingProfileGate(Self.behindTheGate)
        #expect(await fixture.engine.snapshot().state == .profileRequired)
        let gate = try #require(sent.gate)
        await fixture.engine.settleProfileGate(gate, of: sent.response, isSuccess: true)

        #expect(await fixture.engine.snapshot().state == .signedIn)
        #expect(fixture.storage.session?.profileCompleted == true)
    }

    @Test func gateLeftToTheCaller_thatReadNoSuccess_changesNothing() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)

        let sent = try await fixture.engine.sendLeavingProfileGate(Self.behindTheGate)
        await fixture.engine.settleProfileGate(try #require(sent.gate), of: sent.response, isSuccess: false)

        #expect(await fixture.engine.snapshot().state == .profileRequired)
    }

    @Test func gateLeftToTheCaller_isNotLeft_whileTheProfileIsComplete() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: true)

        #expect(try await fixture.engine.sendLeavingProfileGate(Self.behindTheGate).gate == nil)
    }

    @Test func gateLeftToTheCaller_ofASessionEndedSince_changesNothing() async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)
        let sent = try await fixture.engine.sendLeavingProfileGate(Self.behindTheGate)
        // Another sign-in, waiting for its profile too, takes over before the caller has read the answer.
        _ = try await fixture.signIn(profileCompleted: false)

        await fixture.engine.settleProfileGate(try #require(sent.gate), of: sent.response, isSuccess: true)

        #expect(await fixture.engine.snapshot().state == .profileRequired)
        #expect(fixture.storage.session?.profileCompleted == false)
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

/// Which answers count as passing the profile gate is the contract's to say, not the engine's.
@Suite struct ProfileGateContractTests {
    @Test(arguments: [
        ("a proxy's HTML page", StubTransport.Reply.raw(200, "<html>captive portal</html>")),
        ("an error envelope with another code", .json(200, #"{"status":404,"divisionCode":"E002","message":"no"}"#)),
        ("an empty body", .raw(200, "", contentType: "application/json")),
    ])
    func unreadableOrRefusedAnswer_behindTheGate_leavesTheProfileRequired(
        _ what: String, reply: StubTransport.Reply
    ) async throws {
        let fixture = EngineFixture()
        try await fixture.signIn(profileCompleted: false)
        fixture.server.inject(.answer(reply), on: ProfileStateTests.behindTheGate.path)

        _ = try await fixture.engine.send(ProfileStateTests.behindTheGate)

        #expect(await fixture.engine.snapshot().state == .profileRequired, "\(what)")
        #expect(fixture.storage.session?.profileCompleted == false)
    }

    @Test func contractWithoutAProfileGate_neverMarksTheProfileCompleted() async throws {
        var contract = SessionContract.wote
        contract.passesProfileGate = { _, _ in false }
        let fixture = EngineFixture(configuration: SessionConfiguration(contract: contract))
        try await fixture.signIn(profileCompleted: false)

        #expect(try await fixture.engine.send(ProfileStateTests.behindTheGate).status == 200)

        #expect(await fixture.engine.snapshot().state == .profileRequired)
    }

    @Test(arguments: [
        ("/api/members", true), ("/api/posts", true), ("/api/profiles", false), ("/api/profiles/me", false),
    ])
    func woteGate_coversEveryPathOutsideTheProfiles(path: String, behind: Bool) {
        let success = HTTPResponse(status: 200, body: Data(#"{"status":200,"message":"SUCCESS","data":{}}"#.utf8))
        #expect(SessionContract.wote.passesProfileGate(path, success) == behind)
    }
}
