import Foundation
import Testing
import WoteKit
import WoteKitAsyncHTTPClient

/// A real `WoteClient` on this transport, against the loopback server's nickname check.
@Suite struct WoteClientOverAsyncHTTPClientTests {
    private func client(baseURL: URL, owner: AsyncHTTPClientTransport) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: baseURL, storage: InMemoryTokenStorage(), transport: .asyncHTTPClient(owner),
                requestTimeout: .seconds(10)))
    }

    @Test func nicknameCheck_answersThroughTheTransport() async throws {
        try await withLoopback { server, owner in
            let wote = client(baseURL: server.baseURL, owner: owner)
            let expected = NicknameCheckResult.available(try Nickname(validating: "loopback"))
            let free = try await wote.checkNickname("loopback")
            let taken = try await wote.checkNickname("taken1")
            #expect(free == expected)
            #expect(taken == .taken)
            #expect(server.receivedPaths == ["/api/profiles/isValidNickname", "/api/profiles/isValidNickname"])
            wote.shutdown()
        }
    }

    @Test func redirect_isFollowedByWoteKit_notByTheTransport() async throws {
        try await withLoopback { server, owner in
            let wote = client(baseURL: server.url("/moved"), owner: owner)
            let expected = NicknameCheckResult.available(try Nickname(validating: "loopback"))
            let free = try await wote.checkNickname("loopback")
            #expect(free == expected)
            // Two requests reached the server: the transport handed the 307 back and WoteKit sent
            // the POST again, body and all, to its target.
            #expect(server.receivedPaths == ["/moved/api/profiles/isValidNickname", "/api/profiles/isValidNickname"])
            wote.shutdown()
        }
    }
}
