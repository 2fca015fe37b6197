import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WoteServerCore

/// Issue 47, finding N7: the reference server as a safe neighbour on a shared machine.
@Suite struct NeighbourTests {
    static let secretEnvironment = [ServerOptions.testHooksSecretVariable: TestServer.hookSecret]

    @Test func testHooks_areRefusedOnAHostThatIsNotLoopback() {
        for host in ["0.0.0.0", "192.168.1.7", "::", "example.com", "127.0.0.1.example.com"] {
            #expect(throws: OptionsError.self) {
                try ServerOptions.parse(["--host", host, "--test-hooks"], environment: Self.secretEnvironment)
            }
        }
        for host in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"] {
            #expect(throws: Never.self) {
                try ServerOptions.parse(["--host", host, "--test-hooks"], environment: Self.secretEnvironment)
            }
        }
        // Without test hooks any host goes.
        #expect(throws: Never.self) { try ServerOptions.parse(["--host", "0.0.0.0"]) }
    }

    @Test func testHooks_needASecretFromTheEnvironment_neverAnArgument() {
        #expect(throws: OptionsError.self) { try ServerOptions.parse(["--test-hooks"]) }
        #expect(throws: OptionsError.self) {
            try ServerOptions.parse(["--test-hooks"], environment: [ServerOptions.testHooksSecretVariable: "short"])
        }
        #expect(throws: OptionsError.self) { try ServerOptions.parse(["--test-hooks-secret", TestServer.hookSecret]) }
    }

    @Test(.timeLimit(.minutes(1))) func run_refusesTestHooksWithoutASecret_evenWhenBuiltInProcess() async {
        var options = ServerOptions()
        options.port = 0
        options.testHooks = true
        let server = WoteServer(options: options, accessLog: LineSink { _ in }, announce: LineSink { _ in })
        await #expect(throws: OptionsError.self) { try await server.run() }
    }

    @Test func hookCalls_withoutTheSecret_areRefused_andChangeNothing() async throws {
        try await TestServer.run { client in
            _ = try await client.signedInMember("neighbour", nickname: "이웃")
            for secret in [nil, "", "in-process-test-hook-secreT", TestServer.hookSecret + "x"] {
                var headers: HTTPFields = [:]
                if let secret { headers[TestHookSecretMiddleware.header] = secret }
                let ban = try await client.execute(
                    uri: "/__test/ban", method: .post, headers: headers.merging([.contentType: "application/json"]),
                    body: ByteBuffer(string: #"{"nickname":"이웃"}"#))
                #expect(ban.status.code == 403)
                let redirect = try await client.execute(uri: "/__test/redirect?to=/x", method: .get, headers: headers)
                #expect(redirect.status.code == 403)
                #expect(redirect.headers[.location] == nil)
            }
            // The member was never banned: a fresh login still works.
            let login = try await client.login("apple:neighbour")
            #expect(login.int("status") == 200)
            #expect(try await client.send(.get, "/__test/counters").httpStatus == 200)
        }
    }

    @Test func startUpLine_andHelp_sayThatLaxIsTheDefault_andWhy() async throws {
        let output = LineCollector()
        let notices = LineCollector()
        let registry = ListenerRegistry(
            host: "127.0.0.1", expectsRedirectTarget: false, announce: output.sink, refreshReuse: .lax, notices: notices.sink)
        await registry.apiListening(on: try .init(ipAddress: "127.0.0.1", port: 8080))
        #expect(output.lines.first?.contains(#""refreshReuse":"lax""#) == true)
        #expect(notices.lines.first?.contains("real Wote server") == true)
        #expect(ServerOptions.usage.contains("lax by default because the real Wote server behaves so"))
    }

    @Test func profileImageURLs_followTheScheme_theClientUsed() async throws {
        try await TestServer.run { client in
            let first = try await client.login("apple:pictured")
            let token = try #require(first.string("data.jwtToken.accessToken"))
            let setUp = try await client.setUpProfile(token: token, nickname: "사진", image: [0xFF, 0xD8, 0xFF, 0xD9])
            #expect(setUp.int("status") == 200)
            let access = try #require(try await client.login("apple:pictured").string("data.jwtToken.accessToken"))
            let plain = try await client.send(.get, "/api/profiles", token: access)
            #expect(plain.string("data.profileImage")?.hasPrefix("http://") == true)
            let proxied = try await client.send(
                .get, "/api/profiles", token: access, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            #expect(proxied.string("data.profileImage")?.hasPrefix("https://") == true)
        }
    }
}

extension HTTPFields {
    fileprivate func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged.append(field) }
        return merged
    }
}
