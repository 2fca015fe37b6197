public import Foundation
public import WoteData
import WoteDomain
import WoteLocked

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A transport that answers from a script and records every request it receives, for testing
/// without a network.
///
/// ```swift
/// import WoteKitTesting
///
/// let stub = StubTransport { request in
///     .json(200, #"{"status":200,"message":"SUCCESS"}"#)
/// }
/// let transport = stub.transport
/// ```
public final class StubTransport: Sendable, CustomReflectable {
    /// The answer to one request.
    public enum Reply: Sendable {
        /// An HTTP answer.
        case response(status: Int, headers: [String: String], body: Data)
        /// A failure with no HTTP answer.
        case failure(TransportError)

        /// A JSON answer with `Content-Type: application/json`.
        public static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Reply {
            .response(
                status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
                body: Data(body.utf8))
        }

        /// An answer with any body.
        public static func raw(_ status: Int, _ body: String, contentType: String = "text/html") -> Reply {
            .response(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8))
        }
    }

    private let handler: @Sendable (URLRequest) async throws -> Reply
    private let recorded = Locked<[URLRequest]>([])

    /// Creates a stub that answers every request with `handler`.
    ///
    /// - Parameter handler: decides the reply; it may suspend (to hold requests in flight) or
    ///   throw (`CancellationError`, `URLError`).
    public init(_ handler: @escaping @Sendable (URLRequest) async throws -> Reply) {
        self.handler = handler
    }

    /// Every request received so far, in order of arrival.
    public var requests: [URLRequest] { recorded.current }

    /// The requests received for `path` (compared with the URL's path).
    public func requests(path: String) -> [URLRequest] {
        requests.filter { $0.url?.path == path }
    }

    /// Forgets the recorded requests.
    public func resetRecordedRequests() {
        recorded.withLock { $0.removeAll() }
    }

    /// A mirror with the number of recorded requests only: their headers and bodies hold tokens
    /// and passwords, which `dump` must not print.
    public var customMirror: Mirror {
        Mirror(self, children: ["recordedRequests": recorded.current.count], displayStyle: .class)
    }

    /// The transport to hand to WoteKit.
    public var transport: HTTPTransport {
        HTTPTransport { [self] request in
            recorded.withLock { $0.append(request) }
            switch try await handler(request) {
            case .failure(let error):
                throw error
            case .response(let status, let headers, let body):
                let response = HTTPURLResponse(
                    url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
                return (body, response)
            }
        }
    }
}
