import Foundation
import Testing
import WoteData
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security review 2026-11-28, N2: plain `http://` is allowed to a loopback host because it never
/// leaves the machine, but on Linux libcurl sent it to the proxy named by `http_proxy`: `wote
/// signin` gave the member's ID and password to the proxy in clear text. A loopback request now
/// never goes through a proxy.
@Suite(.timeLimit(.minutes(1))) struct LoopbackProxyTests {
    @Test func n2_noProxyValue_coversTheLoopbackHosts_keepingWhatWasThere() {
        let all = LoopbackProxyBypass.loopbackExceptions.joined(separator: ",")
        #expect(LoopbackProxyBypass.noProxyValue(environment: [:]) == nil)
        #expect(LoopbackProxyBypass.noProxyValue(environment: ["http_proxy": ""]) == nil)
        #expect(LoopbackProxyBypass.noProxyValue(environment: ["http_proxy": "http://proxy:3128"]) == all)
        #expect(LoopbackProxyBypass.noProxyValue(environment: ["ALL_PROXY": "socks5://proxy"]) == all)
        #expect(
            LoopbackProxyBypass.noProxyValue(environment: ["https_proxy": "http://p", "NO_PROXY": "corp.example"])
                == "corp.example," + all)
        #expect(
            LoopbackProxyBypass.noProxyValue(environment: ["http_proxy": "http://p", "no_proxy": "a, localhost"])
                == "a,localhost,127.0.0.1,127.0.0.0/8,::1")
        #expect(LoopbackProxyBypass.noProxyValue(environment: ["http_proxy": "http://p", "no_proxy": "*"]) == nil)
        #expect(LoopbackProxyBypass.noProxyValue(environment: ["http_proxy": "http://p", "no_proxy": all]) == nil)
    }

    #if os(Linux)
    /// The proxy variables are process-wide, so the exchange runs in a child process: this test
    /// binary again, running only ``n2_child_sendsToLoopback_withTheEnvironmentsProxySet()``.
    @Test func n2_withHTTPProxySet_aLoopbackRequestReachesTheServer_neverTheProxy() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: "server") }
        let proxy = try LoopbackHTTPServer { _ in .init(status: 200, body: "proxy") }
        defer {
            server.stop()
            proxy.stop()
        }
        var environment = ProcessInfo.processInfo.environment
        for name in ["no_proxy", "NO_PROXY"] { environment[name] = nil }
        for name in ["http_proxy", "https_proxy", "all_proxy"] { environment[name] = proxy.baseURL }
        environment["WOTE_N2_CHILD_PORT"] = String(server.port)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [
            "--testing-library", "swift-testing", "--filter", "n2_child_sendsToLoopback_withTheEnvironmentsProxySet",
        ]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 0, "the child failed:\n\(text)")
        #expect(text.contains("n2_child_sendsToLoopback_withTheEnvironmentsProxySet() passed"), "\(text)")
        #expect(proxy.requests.isEmpty, "the proxy got \(proxy.requests.map { "\($0.method) \($0.path)" })")
        #expect(server.requests.map(\.path) == ["/api/auth/signin", "/api/auth/signin"])
    }

    /// The child's half: runs only when the test above starts it.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["WOTE_N2_CHILD_PORT"] != nil))
    func n2_child_sendsToLoopback_withTheEnvironmentsProxySet() async throws {
        let port = try #require(ProcessInfo.processInfo.environment["WOTE_N2_CHILD_PORT"])
        #expect(ProcessInfo.processInfo.environment["http_proxy"] != nil)
        let transport = HTTPTransport.urlSession()
        for host in ["127.0.0.1", "localhost"] {
            var request = URLRequest(url: try #require(URL(string: "http://\(host):\(port)/api/auth/signin")))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"loginId":"proxied","password":"hunter2-secret"}"#.utf8)
            request.timeoutInterval = 10
            let (body, _) = try await transport.send(request)
            #expect(String(decoding: body, as: UTF8.self) == "server", "\(host) went through the proxy")
        }
    }
    #endif
}
