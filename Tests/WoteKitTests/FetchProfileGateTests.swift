import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteLocked
import WoteTestSupport

/// `fetch` while the session waits for its profile (issue 33, item 9): the answer is decoded once,
/// by `fetch`, and the profile gate asks that decoding; the gate works as before.
@Suite struct FetchProfileGateTests {
    /// A client of the fake Wote server waiting for its profile, under `contract`.
    private static func waitingForProfile(contract: SessionContract = .wote) async throws -> AppCallsTests.Fixture {
        let fixture = AppCallsTests.Fixture(session: SessionConfiguration(contract: contract))
        let pair = fixture.server.issuePair()
        #expect(try await fixture.wote.beginSession(with: pair, profileCompleted: false) == .profileRequired)
        return fixture
    }

    @Test func successBehindTheGate_isDecodedOnceByFetch_andNotReadAgainForTheGate() async throws {
        let readings = Locked(0)
        let gateReadings = Locked(0)
        var contract = SessionContract.countingReadings(of: .wote, in: readings)
        let readAnswer = contract.readAnswer
        contract.readAnswer = { answer in
            gateReadings.withLock { $0 += 1 }
            return readAnswer(answer)
        }
        let fixture = try await Self.waitingForProfile(contract: contract)

        #expect(try await fixture.wote.fetch(String.self, .get("/api/posts")) == "/api/posts")

        #expect(await fixture.wote.currentSession.state == .signedIn)
        // The contract classifies the answer (for Wote, a body without a division code is not
        // decoded); the envelope is decoded by `fetch` alone, and the gate asks that decoding.
        #expect(gateReadings.current == 0)
        #expect(readings.current == 1)
    }

    @Test func successBehindTheGate_marksTheProfileCompleted_andStoresIt() async throws {
        let fixture = try await Self.waitingForProfile()

        #expect(try await fixture.wote.fetch(String.self, .get("/api/posts")) == "/api/posts")

        #expect(await fixture.wote.currentSession.state == .signedIn)
        #expect(try await fixture.storage.load()?.profileCompleted == true)
    }

    @Test func successBehindTheGate_afterARefresh_marksTheProfileCompleted() async throws {
        let fixture = try await Self.waitingForProfile()
        fixture.server.expireAccessTokens()

        #expect(try await fixture.wote.fetch(String.self, .get("/api/posts")) == "/api/posts")

        #expect(fixture.refreshCount == 1)
        #expect(await fixture.wote.currentSession.state == .signedIn)
    }

    @Test func successWithADataOfAnotherShape_isMalformed_butStillShowsTheProfileCompleted() async throws {
        let fixture = try await Self.waitingForProfile()
        fixture.reply("/api/posts", .json(200, #"{"status":200,"message":"success","data":{"postId":"one"}}"#))

        let error = try await woteError { _ = try await fixture.wote.fetch([FeedPost].self, .get("/api/posts")) }

        #expect(error?.kind == .malformedResponse)
        #expect(await fixture.wote.currentSession.state == .signedIn)
    }

    @Test func refusalBehindTheGate_leavesTheProfileRequired() async throws {
        let fixture = try await Self.waitingForProfile()
        fixture.reply("/api/posts/7", .json(404, #"{"status":404,"divisionCode":"E002","message":"Not Found Post"}"#))

        let error = try await woteError { _ = try await fixture.wote.fetch(String.self, .get("/api/posts/7")) }

        #expect(error?.code == "E002")
        #expect(await fixture.wote.currentSession.state == .profileRequired)
    }

    @Test func successOutsideTheGate_leavesTheProfileRequired() async throws {
        let fixture = try await Self.waitingForProfile()

        #expect(try await fixture.wote.fetch(String.self, .get("/api/profiles/me")) == "/api/profiles/me")

        #expect(await fixture.wote.currentSession.state == .profileRequired)
        #expect(try await fixture.storage.load()?.profileCompleted == false)
    }
}
