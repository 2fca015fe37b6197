import Foundation
import Testing
import WoteKit
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `fetch` as an Xcode 26 app target calls it: there a type is main-actor isolated by default and so
/// is its `Decodable` conformance (SE-0466, SE-0470), and a payload need not be `Sendable`. The
/// payload is decoded on the caller's actor, so both work (issue 34).
@Suite struct CallerIsolatedPayloadTests {
    /// A payload as an app with main-actor default isolation declares it: an isolated conformance.
    @MainActor struct MainActorPost: @MainActor Decodable, Equatable {
        var postId: Int64
        var title: String
    }

    /// A payload that is not `Sendable` at all.
    final class Draft: Decodable {
        let title: String
    }

    private func signedInClient(answering body: String) async throws -> WoteClient {
        let stub = StubTransport { request in
            request.url?.path == "/api/posts" ? .json(200, body) : .json(404, #"{"status":404,"message":"Not Found"}"#)
        }
        let clock = TestClock(now: Date(timeIntervalSince1970: 1_700_000_000))
        let wote = WoteClient(
            configuration: WoteConfiguration(
                baseURL: URL(string: "https://api.wote.test")!, storage: InMemoryTokenStorage(),
                transport: stub.transport, clock: clock.clock))
        try await wote.beginSession(
            with: TokenPair(
                accessToken: "access-1", refreshToken: "refresh-1",
                accessTokenExpiresAt: clock.now.addingTimeInterval(3600),
                refreshTokenExpiresAt: clock.now.addingTimeInterval(86_400), receivedAt: clock.now))
        return wote
    }

    @Test @MainActor func aMainActorIsolatedConformance_isDecodedOnTheMainActor() async throws {
        let wote = try await signedInClient(
            answering: #"{"status":200,"message":"SUCCESS","data":[{"postId":1,"title":"에어팟 맥스 살까?"}]}"#)

        let feed = try await wote.fetch([MainActorPost].self, .get("/api/posts"))

        #expect(feed == [MainActorPost(postId: 1, title: "에어팟 맥스 살까?")])
    }

    @Test func aPayloadThatIsNotSendable_isDecoded() async throws {
        let wote = try await signedInClient(answering: #"{"status":200,"message":"SUCCESS","data":{"title":"draft"}}"#)

        let draft = try await wote.fetch(Draft.self, .get("/api/posts"))

        #expect(draft.title == "draft")
    }

    @Test @MainActor func aWrongShape_isStillAMalformedAnswer() async throws {
        let wote = try await signedInClient(answering: #"{"status":200,"message":"SUCCESS","data":{"postId":"one"}}"#)

        let error = await #expect(throws: WoteError.self) {
            _ = try await wote.fetch([MainActorPost].self, .get("/api/posts"))
        }

        #expect(error?.kind == .malformedResponse)
    }
}
