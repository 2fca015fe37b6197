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

/// Every answer is read through the contract once (issue 33, item 9): the profile gate and logout
/// do not read again what the session has already read.
@Suite struct OneReadingTests {
    @Test func answerBehindTheProfileGate_isReadOnce_andMarksTheProfileCompleted() async throws {
        let readings = Locked(0)
        let fixture = EngineFixture(
            configuration: SessionConfiguration(contract: .countingReadings(of: .wote, in: readings)))
        try await fixture.signIn(profileCompleted: false)

        #expect(try await fixture.engine.send(ProfileStateTests.behindTheGate).status == 200)

        #expect(await fixture.engine.snapshot().state == .signedIn)
        #expect(readings.current == 1)
    }

    @Test func answerTheCallerRead_isNotReadAgain_behindTheProfileGate() async throws {
        let readings = Locked(0)
        let fixture = EngineFixture(
            configuration: SessionConfiguration(contract: .countingReadings(of: .wote, in: readings)))
        try await fixture.signIn(profileCompleted: false)

        let envelope = try await fixture.engine.send(ProfileStateTests.behindTheGate) { response in
            readings.withLock { $0 += 1 }
            return AnswerReading.envelope(IgnoredPayload.self, from: response)
        }

        #expect(envelope.isSuccess)
        #expect(await fixture.engine.snapshot().state == .signedIn)
        #expect(readings.current == 1)
    }

    @Test func answerWithTheProfileComplete_isClassifiedOnce() async throws {
        let readings = Locked(0)
        let fixture = EngineFixture(
            configuration: SessionConfiguration(contract: .countingReadings(of: .wote, in: readings)))
        try await fixture.signIn(profileCompleted: true)

        #expect(try await fixture.engine.send(ProfileStateTests.behindTheGate).status == 200)

        #expect(readings.current == 1)
    }

    @Test func refusedLogout_isReadOnce_andReported() async throws {
        let readings = Locked(0)
        let fixture = EngineFixture(
            configuration: SessionConfiguration(contract: .countingReadings(of: .wote, in: readings)))
        try await fixture.signIn(profileCompleted: false)
        let events = fixture.engine.events()
        fixture.server.inject(
            .answer(.json(400, #"{"status":400,"divisionCode":"E009","message":"Not Completed SignUp Exception"}"#)),
            on: EngineFixture.logoutPath)

        try await fixture.engine.logOut(deviceToken: nil)

        #expect(readings.current == 1)
        #expect(
            await drain(events, of: fixture.engine) == [
                .signedOut(.loggedOut), .serverNotToldOfLogout(.profileRequired),
            ])
    }
}
