import Foundation
import Testing
import WoteData
import WoteLocked
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport made with `HTTPTransport.enforcingTimeout(_:)` keeps the deadline itself, so WoteKit
/// awaits it in the caller's own task: no task, deadline entry or thread hop of its own (issue 26).
@Suite(.timeLimit(.minutes(1))) struct OwnDeadlineTransportTests {
    static let profile = Endpoint(method: .get, path: "/api/profiles", authorization: .bearer)
    static let base = URL(string: "https://api.wote.test")!

    @Test func exchange_runsInTheCallersTask() async throws {
        let seen = Locked<Int?>(nil)
        let transport = HTTPTransport.enforcingTimeout { _ in
            seen.withLock { $0 = withUnsafeCurrentTask { $0?.hashValue } }
            return HTTPResponse(status: 200, body: Data())
        }
        let client = HTTPClient(baseURL: Self.base, transport: transport, timeout: .seconds(30))

        let caller = withUnsafeCurrentTask { $0?.hashValue }
        #expect(try await client.send(Self.profile, bearer: "token").status == 200)
        #expect(caller != nil)
        #expect(seen.current == caller)
    }

    /// `HTTPResponse.url` says who answered, as for a plain transport (the exchange's own answer
    /// carries no URL).
    @Test func answer_carriesTheURLThatAnswered() async throws {
        let transport = HTTPTransport.enforcingTimeout { _ in HTTPResponse(status: 200, body: Data()) }
        let client = HTTPClient(baseURL: Self.base, transport: transport, timeout: .seconds(30))

        let response = try await client.send(Self.profile, bearer: "token")

        #expect(response.url == URL(string: "https://api.wote.test/api/profiles"))
    }

    @Test func exchange_getsTheExactTimeout_andTheRequestAsBuilt() async throws {
        let sent = Locked<URLRequest?>(nil)
        let transport = HTTPTransport.enforcingTimeout { request in
            sent.withLock { $0 = request }
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data("{}".utf8))
        }
        let client = HTTPClient(baseURL: Self.base, transport: transport, timeout: .milliseconds(250))

        let response = try await client.send(Self.profile, bearer: "abc")
        #expect(response.contentType == "application/json")
        let request = try #require(sent.current)
        #expect(request.timeoutInterval == 0.25)
        #expect(request.url?.absoluteString == "https://api.wote.test/api/profiles")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer abc")
    }

    @Test func plainTransport_stillGetsWholeSeconds() async throws {
        let sent = Locked<URLRequest?>(nil)
        let transport = HTTPTransport { request in
            sent.withLock { $0 = request }
            return (Data(), HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: [:])!)
        }
        let client = HTTPClient(baseURL: Self.base, transport: transport, timeout: .milliseconds(250))

        _ = try await client.send(Self.profile, bearer: nil)
        #expect(sent.current?.timeoutInterval == 1)
    }

    @Test func cancellingTheCaller_reachesTheExchange_andIsCancelled() async throws {
        let (arrived, sink) = AsyncStream<Void>.makeStream()
        let transport = HTTPTransport.enforcingTimeout { _ in
            sink.yield()
            try await Task.sleep(for: .seconds(3_600))
            return HTTPResponse(status: 200, body: Data())
        }
        let client = HTTPClient(baseURL: Self.base, transport: transport, timeout: .seconds(3_600))

        let call = Task { () throws(APIError) -> HTTPResponse in try await client.send(Self.profile, bearer: nil) }
        var iterator = arrived.makeAsyncIterator()
        _ = await iterator.next()
        call.cancel()

        await #expect(throws: APIError.cancelled) { try await call.value }
    }

    @Test func alreadyCancelledCaller_sendsNothing() async throws {
        let calls = Locked(0)
        let transport = HTTPTransport.enforcingTimeout { _ in
            calls.withLock { $0 += 1 }
            return HTTPResponse(status: 200, body: Data())
        }
        let client = HTTPClient(baseURL: Self.base, transport: transport, timeout: .seconds(30))
        let (gate, open) = AsyncStream<Void>.makeStream()

        let call = Task { () throws(APIError) -> HTTPResponse in
            for await _ in gate {}
            return try await client.send(Self.profile, bearer: nil)
        }
        call.cancel()
        open.finish()

        await #expect(throws: APIError.cancelled) { try await call.value }
        #expect(calls.current == 0)
    }

    @Test func timeoutFromTheExchange_isTimeout() async throws {
        let transport = HTTPTransport.enforcingTimeout { _ in throw TransportError.timeout }
        let client = HTTPClient(baseURL: Self.base, transport: transport, timeout: .seconds(30))

        await #expect(throws: APIError.timeout) { try await client.send(Self.profile, bearer: nil) }
    }

    @Test func send_answersFromTheExchange_untilReplaced() async throws {
        var transport = HTTPTransport.enforcingTimeout { _ in
            HTTPResponse(status: 201, headers: ["x-test": "one"], body: Data("hi".utf8))
        }
        let request = URLRequest(url: URL(string: "https://api.wote.test/x")!)
        let (data, response) = try await transport.send(request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 201)
        #expect(http.value(forHTTPHeaderField: "X-Test") == "one")
        #expect(data == Data("hi".utf8))
        #expect(transport.ownDeadlineExchange != nil)

        transport.send = { request in
            (Data(), HTTPURLResponse(url: request.url!, statusCode: 204, httpVersion: nil, headerFields: [:])!)
        }
        #expect(transport.ownDeadlineExchange == nil)
        let client = HTTPClient(baseURL: Self.base, transport: transport, timeout: .seconds(30))
        #expect(try await client.send(Self.profile, bearer: nil).status == 204)
    }
}
