import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked
import WoteRepository
import WoteSession

/// Every answer is read through the contract once (issue 33, item 9): the profile gate and logout
/// do not read again what the session has already read.
@Suite struct OneReadingTests {
    /// Wote's contract, with every reading of an answer through it counted: `classify`,
    /// `readAnswer` (which the profile gate's answer comes from) and the logout call's `reading`.
    private static func countingWote(_ readings: Locked<Int>) -> SessionContract {
        let wote = SessionContract.wote
        var contract = wote
        contract.classify = { answer in
            readings.withLock { $0 += 1 }
            return wote.classify(answer)
        }
        contract.readAnswer = { answer in
            readings.withLock { $0 += 1 }
            return wote.readAnswer(answer)
        }
        let logout = wote.logout?.reading
        contract.logout?.reading = { answer in
            readings.withLock { $0 += 1 }
            return logout?(answer) ?? .accepted
        }
        return contract
    }

    @Test func answerBehindTheProfileGate_isReadOnce_andMarksTheProfileCompleted() async throws {
        let readings = Locked(0)
        let fixture = EngineFixture(configuration: SessionConfiguration(contract: Self.countingWote(readings)))
        try await fixture.signIn(profileCompleted: false)

        #expect(try await fixture.engine.send(ProfileStateTests.behindTheGate).status == 200)

        #expect(await fixture.engine.snapshot().state == .signedIn)
        #expect(readings.current == 1)
    }

    @Test func answerTheCallerRead_isNotReadAgain_behindTheProfileGate() async throws {
        let readings = Locked(0)
        let fixture = EngineFixture(configuration: SessionConfiguration(contract: Self.countingWote(readings)))
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
        let fixture = EngineFixture(configuration: SessionConfiguration(contract: Self.countingWote(readings)))
        try await fixture.signIn(profileCompleted: true)

        #expect(try await fixture.engine.send(ProfileStateTests.behindTheGate).status == 200)

        #expect(readings.current == 1)
    }

    @Test func refusedLogout_isReadOnce_andReported() async throws {
        let readings = Locked(0)
        let fixture = EngineFixture(configuration: SessionConfiguration(contract: Self.countingWote(readings)))
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
