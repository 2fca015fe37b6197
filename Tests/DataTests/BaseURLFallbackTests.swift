import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security reviews 2026-11-26 (13) and 2026-11-28 (N9): when the base URL and a path made no URL
/// below the base URL, `HTTPClient` sent the request, method, body and bearer, to the base URL
/// itself. A base URL with a fragment or a query does just that (`https://api.example#x` and
/// `/api/members/me` make `https://api.example#x/api/members/me`): every request now fails before
/// anything is sent.
@Suite struct BaseURLFallbackTests {
    @Test(arguments: ["https://api.wote.test#frag", "https://api.wote.test/v1?tenant=a", "https://api.wote.test?"])
    func n9_aBaseURLThatTakesNoPath_sendsNothing(_ base: String) async throws {
        let stub = StubTransport { _ in .json(200, #"{"status":200}"#) }
        let client = HTTPClient(baseURL: try #require(URL(string: base)), transport: stub.transport)
        let error = await #expect(throws: APIError.self) {
            _ = try await client.send(try Endpoint(APIRequest.post("/api/posts")), bearer: "ACCESS-TOKEN")
        }
        guard case .session(let refusal)? = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(refusal.kind == .invalidArgument)
        #expect(stub.requests.isEmpty, "sent to \(stub.requests.map { $0.url?.absoluteString ?? "?" })")
    }

    @Test func anOrdinaryBaseURL_stillGoesBelowItsPath() async throws {
        let stub = StubTransport { _ in .json(200, #"{"status":200}"#) }
        let client = HTTPClient(baseURL: URL(string: "https://api.wote.test/v1/")!, transport: stub.transport)
        _ = try await client.send(try Endpoint(APIRequest.get("/api/posts")), bearer: "ACCESS-TOKEN")
        #expect(stub.requests.map { $0.url?.absoluteString } == ["https://api.wote.test/v1/api/posts"])
    }
}
