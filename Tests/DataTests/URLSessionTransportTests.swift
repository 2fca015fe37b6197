import Foundation
import Testing
import WoteContract
import WoteData
import WoteRepository
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession transport against a real loopback server: redirects come back unfollowed (so the
/// client can drop the bearer), cookies are neither kept nor sent, and failures keep their kind.
@Suite(.timeLimit(.minutes(1))) struct URLSessionTransportTests {
    private static let success = LoopbackHTTPServer.Response(
        status: 200, headers: ["Content-Type": "application/json"], body: #"{"status":200,"message":"SUCCESS"}"#)

    @Test func transport_handsBackTheRedirect_withoutFollowingIt() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/from" ? .init(status: 302, headers: ["Location": "/to"]) : Self.success
        }
        defer { server.stop() }
        let request = URLRequest(url: URL(string: server.baseURL + "/from")!)
        let (_, response) = try await HTTPTransport.urlSession().send(request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 302)
        #expect(http.value(forHTTPHeaderField: "Location") == "/to")
        #expect(server.requests.map(\.path) == ["/from"])
    }

    @Test func client_overURLSession_refusesARedirectThatLeavesTheOrigin_andSendsNothingThere() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/api/profiles"
                ? .init(status: 302, headers: ["Location": "http://localhost:\(request.port)/landing"]) : Self.success
        }
        defer { server.stop() }
        let client = Self.urlSessionClient(of: server)
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: 302, problem: .redirectToAnotherOrigin)))
        {
            try await client.send(WoteEndpoints.myProfile(), bearer: "secret-token")
        }
        #expect(server.requests.map(\.path) == ["/api/profiles"])
    }

    @Test func client_overURLSession_dropsAuthorization_whenAnOptedInRedirectLeavesTheOrigin() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/api/profiles"
                ? .init(status: 302, headers: ["Location": "http://localhost:\(request.port)/landing"]) : Self.success
        }
        defer { server.stop() }
        let client = Self.urlSessionClient(of: server)
        var optedIn = WoteEndpoints.myProfile()
        optedIn.followsRedirectsToOtherOrigins = true
        let response = try await client.send(optedIn, bearer: "secret-token")
        #expect(response.status == 200)
        #expect(response.url?.absoluteString == "http://localhost:\(server.port)/landing")
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[0].headers["authorization"] == "Bearer secret-token")
        #expect(requests[1].path == "/landing")
        #expect(requests[1].headers["host"] == "localhost:\(server.port)")
        #expect(requests[1].headers["authorization"] == nil)
    }

    @Test func cookies_areNeitherKeptNorSent() async throws {
        let server = try LoopbackHTTPServer { request in
            var response = Self.success
            if request.path == "/set" { response.headers["Set-Cookie"] = "JSESSIONID=abc; Path=/" }
            return response
        }
        defer { server.stop() }
        let transport = HTTPTransport.urlSession()
        for path in ["/set", "/check"] {
            _ = try await transport.send(URLRequest(url: URL(string: server.baseURL + path)!))
        }
        let requests = server.requests
        try #require(requests.map(\.path) == ["/set", "/check"])
        #expect(requests[1].headers["cookie"] == nil)
    }

    /// A client of `server` over the real URLSession transport.
    private static func urlSessionClient(of server: LoopbackHTTPServer, timeout: Duration = .seconds(30))
        -> HTTPClient
    {
        HTTPClient(baseURL: URL(string: server.baseURL)!, transport: HTTPTransport.urlSession(), timeout: timeout)
    }

    @Test func refusedConnection_isNetwork() async throws {
        let closedPort = try LoopbackHTTPServer(listening: false) { _ in Self.success }
        defer { closedPort.stop() }
        let client = Self.urlSessionClient(of: closedPort)
        let error = await #expect(throws: APIError.self) { try await client.send(WoteEndpoints.myProfile()) }
        #expect(error == .network("URLError \(URLError.Code.cannotConnectToHost.rawValue)"))
    }

    @Test func noAnswerInTime_isTimeout() async throws {
        let server = try LoopbackHTTPServer { _ in nil }
        defer { server.stop() }
        let client = Self.urlSessionClient(of: server, timeout: .milliseconds(300))
        await #expect(throws: APIError.timeout) { try await client.send(WoteEndpoints.myProfile()) }
    }

    /// URLSession on Linux keeps only whole seconds of a request's time-out (0.5 s became 0, and
    /// a request not answered at once timed out at once): a sub-second deadline is WoteKit's alone.
    @Test func subSecondDeadline_stillLetsAnAnswerWithinItThrough() async throws {
        let server = try LoopbackHTTPServer { _ in
            Thread.sleep(forTimeInterval: 0.1)  // the server's latency, on its own thread
            return Self.success
        }
        defer { server.stop() }
        // 0.9 s: still under a second (URLSession would keep 0 of it), with room for a loaded machine
        // (0.5 s timed out once while the whole suite ran beside it).
        let client = Self.urlSessionClient(of: server, timeout: .milliseconds(900))
        #expect(try await client.send(WoteEndpoints.myProfile()).status == 200)
    }

    /// swift-corelibs-foundation's `data(for:)` cancels its transfer from the cancelled task's
    /// cancellation handler, under that task's status lock; an answer delivered at that moment
    /// waits on URLSession's work queue for the same lock, and the session freezes for good (or
    /// `TaskRegistry` traps). Callers cancelled at every moment of their exchange must leave the
    /// session working.
    @Test func callersCancelledAsTheirAnswersArrive_leaveTheSessionWorking() async throws {
        let server = try LoopbackHTTPServer { _ in Self.success }
        defer { server.stop() }
        let client = Self.urlSessionClient(of: server)
        var outcomes: [String: Int] = [:]
        for round in 0..<400 {
            let call = Task { () async throws(APIError) -> HTTPResponse in
                try await client.send(WoteEndpoints.myProfile())
            }
            // Moves the cancellation across the exchange, 0 to 490 µs after it starts: a busy wait
            // that places the cancel, not a sleep that waits for anything.
            let start = ContinuousClock.now
            let delay = Duration.microseconds(round % 50 * 10)
            while ContinuousClock.now - start < delay {}
            call.cancel()
            switch await call.result {
            case .success(let response): outcomes["answered \(response.status)", default: 0] += 1
            case .failure(let error): outcomes["\(error)", default: 0] += 1
            }
        }
        #expect(Set(outcomes.keys).isSubset(of: ["answered 200", "\(APIError.cancelled)"]), "\(outcomes)")
        #expect(outcomes["\(APIError.cancelled)", default: 0] > 0, "\(outcomes)")
        #expect(try await client.send(WoteEndpoints.myProfile()).status == 200)
    }

    @Test func cancellingTheCaller_whileWaitingForTheAnswer_isCancelled() async throws {
        let server = try LoopbackHTTPServer { _ in nil }
        defer { server.stop() }
        let client = Self.urlSessionClient(of: server, timeout: .seconds(30))
        let call = Task { () async throws(APIError) -> HTTPResponse in try await client.send(WoteEndpoints.myProfile())
        }
        var arrivals = server.requestArrivals.makeAsyncIterator()
        _ = await arrivals.next()
        call.cancel()
        await #expect(throws: APIError.cancelled) { try await call.value }
    }
}

extension LoopbackHTTPServer.Request {
    /// The port in the `Host` header.
    var port: String { headers["host"]?.split(separator: ":").last.map(String.init) ?? "" }
}
