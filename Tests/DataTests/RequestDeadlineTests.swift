import Foundation
import Testing
import WoteData
import WoteKitTesting
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every exchange has a whole-request deadline, not only an idle time-out: a server that trickles
/// its answer (or a transport that never returns) fails with `timeout`.
@Suite(.timeLimit(.minutes(1))) struct RequestDeadlineTests {
    static let profile = Endpoint(method: .get, path: "/api/profiles", authorization: .bearer)

    @Test func transportThatNeverAnswers_timesOut_atTheConfiguredDeadline() async throws {
        let never = HTTPTransport { _ in
            try await Task.sleep(for: .seconds(3_600))
            throw CancellationError()
        }
        let client = HTTPClient(
            baseURL: URL(string: "https://api.wote.test")!, transport: never, timeout: .milliseconds(100))

        await #expect(throws: APIError.timeout) { try await client.send(Self.profile, bearer: nil) }
    }

    @Test func transportThatIgnoresCancellation_stillTimesOut() async throws {
        let (stream, _) = AsyncStream<Void>.makeStream()
        let stuck = HTTPTransport { _ in
            for await _ in stream {}
            throw TransportError.network("never")
        }
        let client = HTTPClient(
            baseURL: URL(string: "https://api.wote.test")!, transport: stuck, timeout: .milliseconds(100))

        await #expect(throws: APIError.timeout) { try await client.send(Self.profile, bearer: nil) }
    }

    @Test func answerWithinTheDeadline_isReturned() async throws {
        let stub = StubTransport { _ in .json(200, #"{"status":200,"message":"SUCCESS"}"#) }
        let client = HTTPClient(
            baseURL: URL(string: "https://api.wote.test")!, transport: stub.transport, timeout: .seconds(30))

        #expect(try await client.send(Self.profile, bearer: nil).status == 200)
    }

    @Test func cancellingTheCaller_endsTheWait_asCancelled() async throws {
        let (arrived, sink) = AsyncStream<Void>.makeStream()
        let never = HTTPTransport { _ in
            sink.yield()
            try await Task.sleep(for: .seconds(3_600))
            throw CancellationError()
        }
        let client = HTTPClient(
            baseURL: URL(string: "https://api.wote.test")!, transport: never, timeout: .seconds(3_600))

        let call = Task { () throws(APIError) -> HTTPResponse in try await client.send(Self.profile, bearer: nil) }
        var iterator = arrived.makeAsyncIterator()
        _ = await iterator.next()
        call.cancel()

        await #expect(throws: APIError.cancelled) { try await call.value }
    }
}
