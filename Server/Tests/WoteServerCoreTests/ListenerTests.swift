import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import WoteServerCore

/// Collects the lines a `LineSink` is given.
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] { lock.withLock { collected } }

    var sink: LineSink { LineSink { line in self.lock.withLock { self.collected.append(line) } } }
}

@Suite struct ListenerTests {
    static let hook: HTTPFields = [TestHookSecretMiddleware.header: TestServer.hookSecret]

    @Test func firstLine_isPrintedOnce_whenEveryListenerIsUp() async throws {
        let output = LineCollector()
        let registry = ListenerRegistry(host: "127.0.0.1", expectsRedirectTarget: true, announce: output.sink)
        await registry.apiListening(on: try SocketAddress(ipAddress: "127.0.0.1", port: 51234))
        #expect(output.lines.isEmpty)
        await registry.redirectTargetListening(on: try SocketAddress(ipAddress: "127.0.0.1", port: 51235))
        await registry.redirectTargetListening(on: try SocketAddress(ipAddress: "127.0.0.1", port: 51235))
        #expect(output.lines == [#"{"event":"listening","host":"127.0.0.1","port":51234,"redirectPort":51235,"refreshReuse":"lax"}"#])
    }

    @Test func firstLine_withoutTestHooks_hasNoRedirectPort() async throws {
        let output = LineCollector()
        let registry = ListenerRegistry(host: "127.0.0.1", expectsRedirectTarget: false, announce: output.sink)
        await registry.apiListening(on: try SocketAddress(ipAddress: "127.0.0.1", port: 8080))
        #expect(output.lines == [#"{"event":"listening","host":"127.0.0.1","port":8080,"refreshReuse":"lax"}"#])
    }

    @Test func redirect_pointsAtTheSecondListener_onTheHostTheClientUsed() async throws {
        let server = TestServer.make()
        await server.listeners.redirectTargetListening(on: try SocketAddress(ipAddress: "127.0.0.1", port: 9999))
        try await server.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: "/__test/redirect?to=/api/profiles", method: .get, headers: Self.hook)
            #expect(response.status.code == 307)
            #expect(response.headers[.location] == "http://localhost:9999/api/profiles")
            let other = try await client.execute(
                uri: "/__test/redirect?to=/x&host=127.0.0.1&status=302", method: .get, headers: Self.hook)
            #expect(other.status.code == 302)
            #expect(other.headers[.location] == "http://127.0.0.1:9999/x")
            #expect(try await client.execute(uri: "/__test/redirect?to=http://evil", method: .get, headers: Self.hook).status.code == 400)
        }
    }

    @Test func accessLog_neverContainsTokens() async throws {
        let log = LineCollector()
        var options = ServerOptions()
        options.testHooks = true
        options.testHooksSecret = TestServer.hookSecret
        let server = WoteServer(options: options, accessLog: log.sink, announce: LineSink { _ in })
        try await server.makeApplication().test(.router) { client in
            let login = try await client.login("apple:log")
            let token = try #require(login.string("data.jwtToken.accessToken"))
            _ = try await client.send(.get, "/api/profiles?token=\(token)", token: token)
        }
        #expect(log.lines.count == 2)
        #expect(log.lines.last?.hasPrefix("access GET /api/profiles 400 ") == true)
        #expect(!log.lines.contains { $0.contains("eyJ") })
    }
}
