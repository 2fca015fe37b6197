import Foundation
import Testing
import WoteKit
import WoteKitAsyncHTTPClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport against a real HTTP server on 127.0.0.1.
@Suite struct AsyncHTTPClientTransportTests {
    @Test func answer_passesStatusHeadersAndBodyThrough() async throws {
        try await withLoopback { server, owner in
            let (data, response) = try await owner.transport.send(request(server.url("/status")))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 201)
            #expect(http.url == server.url("/status"))
            #expect(http.value(forHTTPHeaderField: "X-Test") == "one")
            #expect(http.value(forHTTPHeaderField: "x-multi") == "a, b")
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/plain")
            #expect(String(decoding: data, as: UTF8.self) == "hello, loopback")
        }
    }

    @Test func redirect_comesBackUnfollowed_withItsLocation() async throws {
        try await withLoopback { server, owner in
            let (data, response) = try await HTTPTransport.asyncHTTPClient(owner).send(request(server.url("/redirect")))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 302)
            #expect(http.value(forHTTPHeaderField: "Location") == "/target")
            #expect(String(decoding: data, as: UTF8.self) == "moved")
            #expect(server.receivedPaths == ["/redirect"])
        }
    }

    @Test func request_methodHeadersAndBody_reachTheServer() async throws {
        try await withLoopback { server, owner in
            var sent = request(server.url("/echo?q=1"), method: "PUT")
            sent.setValue("application/json", forHTTPHeaderField: "Content-Type")
            sent.setValue("Bearer abc.def", forHTTPHeaderField: "Authorization")
            sent.httpBody = Data(#"{"nickname":"wote"}"#.utf8)
            let (data, response) = try await owner.transport.send(sent)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let echoed = try JSONDecoder().decode(EchoedRequest.self, from: data)
            #expect(echoed.method == "PUT")
            #expect(echoed.uri == "/echo?q=1")
            #expect(echoed.headers.contains(["Authorization", "Bearer abc.def"]))
            #expect(echoed.headers.contains(["Content-Type", "application/json"]))
            #expect(echoed.headers.contains(["Content-Length", "19"]))
            #expect(echoed.body == #"{"nickname":"wote"}"#)
        }
    }

    @Test func closedPort_isANetworkError_notATimeout() async throws {
        let url = try await LoopbackServer.closedPortURL()
        let owner = AsyncHTTPClientTransport()
        let result = await outcome { try await owner.transport.send(request(url, timeout: 30)) }
        try await owner.shutdown()
        let error = try #require(result.transportError)
        guard case .network(let reason) = error else {
            Issue.record("expected a network error, got \(error)")
            return
        }
        #if os(Linux)
        #expect(reason == "IOError errno \(ECONNREFUSED)")
        #else
        #expect(!reason.isEmpty)
        #endif
    }

    @Test func serverThatNeverAnswers_hitsTheDeadline_asTimeout() async throws {
        try await withLoopback { server, owner in
            let start = ContinuousClock.now
            let result = await outcome { try await owner.transport.send(request(server.url("/silent"), timeout: 0.3)) }
            let elapsed = start.duration(to: .now)
            #expect(result.transportError == .timeout)
            #expect(elapsed >= .milliseconds(250))
            #expect(elapsed < .seconds(5))
        }
    }

    @Test func bodyThatStalls_hitsTheDeadline_asTimeout() async throws {
        // The head arrives at once; the deadline covers the whole exchange, not only the head.
        try await withLoopback { server, owner in
            let result = await outcome {
                try await owner.transport.send(request(server.url("/stall-body"), timeout: 0.3))
            }
            #expect(result.transportError == .timeout)
        }
    }

    @Test func cancellingTheCaller_cancelsTheRequest() async throws {
        try await withLoopback { server, owner in
            let transport = owner.transport
            let sending = Task { try await transport.send(request(server.url("/silent"), timeout: 30)) }
            #expect(await server.waitFor(.received("/silent")))
            let start = ContinuousClock.now
            sending.cancel()
            let result = await sending.result
            #expect(start.duration(to: .now) < .seconds(5))
            guard case .failure(let error) = result else {
                Issue.record("a cancelled request returned an answer")
                return
            }
            #expect(error is CancellationError)
            // The request is gone from the wire too: its connection is closed.
            #expect(await server.waitFor(.connectionClosed))
        }
    }

    @Test func bodyOverTheCap_isResponseTooLarge() async throws {
        try await withLoopback(maximumBodySize: 1024) { server, owner in
            let (data, _) = try await owner.transport.send(request(server.url("/bytes/1024")))
            #expect(data.count == 1024)
            let declared = await outcome { try await owner.transport.send(request(server.url("/bytes/1025"))) }
            #expect(declared.transportError == .responseTooLarge(httpStatus: 200, bytes: 1025))
            let streamed = await outcome { try await owner.transport.send(request(server.url("/chunked/4096"))) }
            guard case .responseTooLarge(200, let bytes)? = streamed.transportError else {
                Issue.record("expected responseTooLarge, got \(String(describing: streamed.transportError))")
                return
            }
            #expect(bytes > 1024 && bytes <= 4096)
        }
    }

    @Test func afterShutdown_requestsFailAsNetworkError_andShutdownAgainIsFine() async throws {
        let server = try await LoopbackServer.start()
        let owner = AsyncHTTPClientTransport()
        try await owner.shutdown()
        let result = await outcome { try await owner.transport.send(request(server.url("/status"))) }
        #expect(result.transportError == .network("HTTPClientError.alreadyShutdown"))
        try await owner.shutdown()
        try await server.stop()
    }

    @Test func transportWithoutOwner_sendsAndShutsItselfDown() async throws {
        let server = try await LoopbackServer.start()
        do {
            let transport = HTTPTransport.asyncHTTPClient()
            let (_, response) = try await transport.send(request(server.url("/status")))
            #expect((response as? HTTPURLResponse)?.statusCode == 201)
        }
        try await server.stop()
    }

    @Test func unsupportedScheme_isAURLError() async throws {
        let owner = AsyncHTTPClientTransport()
        let result = await outcome { try await owner.transport.send(request(URL(string: "ftp://127.0.0.1/x")!)) }
        try await owner.shutdown()
        guard case .failure(let error) = result else {
            Issue.record("an ftp URL was sent")
            return
        }
        #expect((error as? URLError)?.code == .unsupportedURL)
    }
}
