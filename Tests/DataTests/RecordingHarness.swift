import Foundation
import Testing
import WoteContract
import WoteData
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPClient`` and an ``HTTPRemoteDataSource`` over a recording ``StubTransport``.
struct RecordingHarness {
    static let baseURL = URL(string: "https://api.wote.test")!
    static let boundary = "TestBoundary7MA4YWxkTrZu0gW"

    let stub: StubTransport
    let client: HTTPClient
    let dataSource: HTTPRemoteDataSource

    /// A harness whose server answers every request with `reply`.
    init(reply: StubTransport.Reply = .json(200, #"{"status":200,"message":"SUCCESS"}"#)) {
        self.init { _ in reply }
    }

    /// A harness whose server answers with `handler`.
    init(_ handler: @escaping @Sendable (URLRequest) async throws -> StubTransport.Reply) {
        stub = StubTransport(handler)
        client = HTTPClient(baseURL: Self.baseURL, transport: stub.transport)
        dataSource = HTTPRemoteDataSource(sender: client, multipartBoundary: { Self.boundary })
    }

    /// The requests sent so far, required to be `count`.
    func requests(expecting count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [URLRequest] {
        let requests = stub.requests
        try #require(
            requests.count == count, "expected \(count) requests, got \(requests.count)", sourceLocation: sourceLocation
        )
        return requests
    }

    /// Expects the one request sent so far to be `method` on `path` below ``baseURL``, with exactly
    /// `headers`, and `body` as text (`nil`: no body at all).
    func expectOnlyRequest(
        _ method: String, _ path: String, headers: [String: String], body: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let request = try onlyRequest(sourceLocation: sourceLocation)
        #expect(request.httpMethod == method, sourceLocation: sourceLocation)
        #expect(request.url?.absoluteString == Self.baseURL.absoluteString + path, sourceLocation: sourceLocation)
        #expect(request.allHTTPHeaderFields == headers, sourceLocation: sourceLocation)
        if let body {
            #expect(request.bodyText == body, sourceLocation: sourceLocation)
        } else {
            #expect(request.httpBody == nil, sourceLocation: sourceLocation)
        }
    }

    /// The one request sent so far.
    func onlyRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> URLRequest {
        let requests = stub.requests
        try #require(requests.count == 1, "expected one request, got \(requests.count)", sourceLocation: sourceLocation)
        return requests[0]
    }
}

extension URLRequest {
    /// The body as UTF-8 text ("" when there is none).
    var bodyText: String { httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "" }
}
