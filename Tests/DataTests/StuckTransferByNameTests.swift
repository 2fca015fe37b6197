import Foundation
import Testing
import WoteContract
import WoteData
import WoteRepository
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security review 2026-11-28, N4: on Linux the cut of a stuck transfer (``StuckConnection``)
/// resolved the host name again and cut only a socket connected to one of those addresses. When
/// the system resolver answers otherwise than libcurl did, nothing was cut: the stall of finding 3
/// came back for good. Names below `localhost` are such names: libcurl (7.85 and later) answers
/// them itself with the loopback addresses, the system resolver asks `/etc/hosts` and DNS, which
/// know nothing of `n4-cut.localhost` here (a record that changes between lookups does the same).
/// The cut now finds the socket by the ports libcurl reports for the transfer.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct StuckTransferByNameTests {
    #if os(Linux)
    @Test func n4_aStuckTransferToANameTheSystemResolvesOtherwise_isCut_andTheProcessGoesOn() async throws {
        let server = try EndlessBodyServer(
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            prefix: EndlessBodyServer.gzipHeader, chunk: EndlessBodyServer.gzipZerosChunk)
        defer { server.stop() }
        let other = try LoopbackHTTPServer { _ in
            .init(status: 200, headers: ["Content-Type": "application/json"], body: "{}")
        }
        defer { other.stop() }
        let client = HTTPClient(
            baseURL: URL(string: "http://n4-cut.localhost:\(server.port)")!, transport: .urlSession(),
            timeout: .seconds(20))
        let error = await #expect(throws: APIError.self) {
            try await client.send(WoteEndpoints.myProfile(), bearer: "token")
        }
        guard case .malformed(let malformed)? = error, case .tooLarge = malformed.problem else {
            let got = String(describing: error)
            Issue.record("expected too large (libcurl before 7.85 cannot resolve names below localhost), got \(got)")
            return
        }
        // Another URLSession exchange of the process is not held up.
        var request = URLRequest(url: URL(string: other.baseURL + "/other")!)
        request.timeoutInterval = 5
        #expect(await Self.status(of: request, within: .seconds(5)) == 200)
        // The hostile transfer itself ends although the server keeps sending: it sees the close.
        let closed = try #require(await Self.firstClosed(of: server, within: .seconds(10)))
        #expect(closed.secondsOpen < 5)
    }
    #endif

    /// The HTTP status of `request` over a new URLSession transport, or `nil` when no answer came
    /// within `limit`.
    private static func status(of request: URLRequest, within limit: Duration) async -> Int? {
        let (statuses, answer) = AsyncStream<Int?>.makeStream()
        Task.detached {
            let response = try? await HTTPTransport.urlSession().send(request).1
            answer.yield((response as? HTTPURLResponse)?.statusCode)
            answer.finish()
        }
        return await withTaskGroup(of: Int?.self) { group in
            group.addTask { await statuses.first { _ in true } ?? nil }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// The first connection `server`'s client closes, or `nil` when none closes within `limit`.
    private static func firstClosed(of server: EndlessBodyServer, within limit: Duration) async
        -> EndlessBodyServer.Connection?
    {
        await withTaskGroup(of: EndlessBodyServer.Connection?.self) { group in
            group.addTask { await server.closedConnections.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
