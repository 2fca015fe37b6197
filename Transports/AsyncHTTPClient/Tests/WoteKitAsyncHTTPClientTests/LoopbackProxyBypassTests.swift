import AsyncHTTPClient
import Foundation
import Testing
import WoteKit
import WoteKitAsyncHTTPClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security review 2026-11-28, N2: plain `http://` is allowed to a loopback host because it never
/// leaves the machine; a proxy in the client's configuration would carry it, passwords and tokens
/// in clear text, over the network. A loopback request never goes through the configured proxy.
@Suite struct LoopbackProxyBypassTests {
    @Test func n2_aConfiguredProxy_isNotUsedForALoopbackHost() async throws {
        let server = try await LoopbackServer.start()
        let proxy = try await LoopbackServer.start()
        var configuration = AsyncHTTPClientTransport.defaultConfiguration()
        let proxyPort = try #require(proxy.baseURL.port)
        configuration.proxy = .server(host: "127.0.0.1", port: proxyPort)
        let owner = AsyncHTTPClientTransport(configuration: configuration)
        let result = await outcome {
            try await owner.transport.send(request(server.url("/status/200"), method: "POST"))
        }
        try await owner.shutdown()
        try await server.stop()
        try await proxy.stop()
        #expect(proxy.receivedPaths.isEmpty, "the proxy got \(proxy.receivedPaths)")
        #expect(server.receivedPaths == ["/status/200"])
        #expect((try? result.get().1 as? HTTPURLResponse)?.statusCode == 201)
    }
}
