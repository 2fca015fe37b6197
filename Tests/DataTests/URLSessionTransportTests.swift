import Foundation
import Testing
import WoteContract
import WoteData
import WoteLocked
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
    ///
    /// An attempt may still time out when the whole suite runs beside it (a hostile transfer of
    /// another test can hold corelibs' work queue for a while), so up to five are made: one must get
    /// its answer, and an attempt that timed out must have done so at the deadline, not at once.
    @Test func subSecondDeadline_stillLetsAnAnswerWithinItThrough() async throws {
        let server = try LoopbackHTTPServer { _ in
            Thread.sleep(forTimeInterval: 0.1)  // the server's latency, on its own thread
            return Self.success
        }
        defer { server.stop() }
        // Under a second: URLSession would keep 0 of it.
        let client = Self.urlSessionClient(of: server, timeout: .milliseconds(900))
        var answered = false
        for _ in 0..<5 where !answered {
            let start = ContinuousClock.now
            do {
                answered = try await client.send(WoteEndpoints.myProfile()).status == 200
            } catch .timeout {
                #expect(start.duration(to: .now) >= .milliseconds(850), "timed out before the deadline")
            }
        }
        #expect(answered)
    }

    /// The cut of a stuck 3xx transfer lets libcurl finish it while its `cancel()` still waits for
    /// the work queue: corelibs then asks the delegate about the redirect, runs the cancellation,
    /// and trapped when the delegate's answer came after it. A transfer the transport has ended
    /// gets no answer; one still open gets "do not follow".
    @Test func redirectOfATransferAlreadyEnded_getsNoAnswer_andAnOpenOneIsNotFollowed() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let url = URL(string: "http://127.0.0.1:9/api/profiles")!
        let redirect = try #require(
            HTTPURLResponse(url: url, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: ["Location": "/x"]))
        let transfers = Transfers()
        let asked = Locked<[URLRequest?]>([])
        func askAboutTheRedirect(of task: URLSessionDataTask) {
            transfers.urlSession(
                session, task: task, willPerformHTTPRedirection: redirect,
                newRequest: URLRequest(url: URL(string: "http://127.0.0.1:9/x")!)
            ) { answer in asked.withLock { $0.append(answer) } }
        }
        // Open: asked while the caller waits. Ended: asked after the transport answered the caller.
        let open = session.dataTask(with: url)
        let ended = session.dataTask(with: url)
        _ = try? await withUnsafeThrowingContinuation { continuation in
            transfers.begin(open.taskIdentifier, limit: 1_024, continuation: continuation)
            askAboutTheRedirect(of: open)
            transfers.end(open.taskIdentifier, TaskHandle(task: open), with: .failure(URLError(.cancelled)))
        }
        _ = try? await withUnsafeThrowingContinuation { continuation in
            transfers.begin(ended.taskIdentifier, limit: 1_024, continuation: continuation)
            transfers.end(ended.taskIdentifier, TaskHandle(task: ended), with: .failure(URLError(.timedOut)))
        }
        askAboutTheRedirect(of: ended)
        let answers = asked.withLock { $0 }
        #expect(answers.count == 1, "the ended transfer's redirect was answered: \(answers)")
        #expect(answers.first.map { $0 == nil } == true)
    }

    /// corelibs trapped ("Received callback for HTTP redirection, but we're not waiting for it")
    /// when its own timer, armed at the request's `timeoutInterval`, fired as the transport's
    /// deadline ended a redirect's transfer: on Linux that timer is set past the deadline and the
    /// cut 100 ms after it.
    @Test func corelibsTimer_isSetPastTheTransportsOwnDeadline() {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/api/profiles")!)
        request.timeoutInterval = 1
        let handed = RedirectRefusingSession.handedToURLSession(request, deadline: 1)
        #if canImport(FoundationNetworking)
        #expect(handed.timeoutInterval >= 2)
        #else
        #expect(handed.timeoutInterval == 1)
        #endif
        #expect(handed.url == request.url)
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
