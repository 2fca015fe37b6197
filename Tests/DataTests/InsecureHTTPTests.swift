import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteLocked
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security review finding 12: plain `http://` hands passwords and tokens to anyone on the path. It
/// is refused for any host but a loopback one, before anything is sent, unless the configuration
/// allows it explicitly.
@Suite struct InsecureHTTPTests {
    /// A transport that records each URL it is asked for and answers 200 `{}`.
    private static func recordingTransport(_ sent: Locked<[String]>) -> HTTPTransport {
        HTTPTransport { request in
            sent.withLock { $0.append(request.url?.absoluteString ?? "") }
            let head = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            return (Data("{}".utf8), head)
        }
    }

    @Test(arguments: [
        "http://api.wote.test", "http://10.0.0.5:8080", "http://127.example.com", "HTTP://API.WOTE.TEST/v1",
    ])
    func finding12_plainHTTP_toAnotherHost_isRefused_andNothingIsSent(_ base: String) async {
        let sent = Locked<[String]>([])
        let client = HTTPClient(baseURL: URL(string: base)!, transport: Self.recordingTransport(sent))

        await #expect(throws: APIError.self) { try await client.send(WoteEndpoints.myProfile(), bearer: "token") }

        #expect(sent.withLock { $0 }.isEmpty)
    }

    @Test(arguments: [
        "http://127.0.0.1:8080", "http://localhost:3000", "http://[::1]:8080", "http://127.1.2.3",
        "http://app.localhost",
        "https://api.wote.test",
    ])
    func loopbackHTTP_andHTTPS_go(_ base: String) async throws {
        let sent = Locked<[String]>([])
        let client = HTTPClient(baseURL: URL(string: base)!, transport: Self.recordingTransport(sent))

        let response = try await client.send(WoteEndpoints.myProfile(), bearer: "token")

        #expect(response.status == 200)
        #expect(sent.withLock { $0 }.count == 1)
    }

    @Test func plainHTTP_toAnotherHost_goesWhenTheConfigurationAllowsIt() async throws {
        let sent = Locked<[String]>([])
        let client = HTTPClient(
            baseURL: URL(string: "http://api.wote.test")!, transport: Self.recordingTransport(sent),
            allowsInsecureHTTP: true)

        let response = try await client.send(WoteEndpoints.myProfile(), bearer: "token")

        #expect(response.status == 200)
        #expect(sent.withLock { $0 } == ["http://api.wote.test/api/profiles"])
    }

    @Test func theRefusal_isATypedError_namingTheSetting() async {
        let client = HTTPClient(
            baseURL: URL(string: "http://api.wote.test")!, transport: Self.recordingTransport(Locked([])))
        do {
            _ = try await client.send(WoteEndpoints.myProfile(), bearer: "token")
            Issue.record("sent over plain http")
        } catch {
            guard case .session(let woteError) = error else {
                Issue.record("expected a session error, got \(error)")
                return
            }
            #expect(woteError.kind == .invalidArgument)
            #expect(woteError.message.contains("allowsInsecureHTTP"))
        }
    }
}
