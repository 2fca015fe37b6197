public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The one leaf effect that talks to the network: send a request, get the body and response.
///
/// WoteKit follows redirects itself (so it can drop `Authorization` when a redirect leaves the
/// API's origin); a transport must hand 3xx answers back unfollowed. ``urlSession(configuration:)``
/// does; a test passes a stub.
public struct HTTPTransport: Sendable {
    /// Sends one request and returns the body and the response, without following redirects.
    ///
    /// Setting it makes this a plain transport again: WoteKit then enforces the deadline itself
    /// (see ``enforcingTimeout(_:)``).
    public var send: @Sendable (URLRequest) async throws -> (Data, URLResponse) {
        get { sendFunction }
        set {
            sendFunction = newValue
            ownDeadlineExchange = nil
        }
    }

    private var sendFunction: @Sendable (URLRequest) async throws -> (Data, URLResponse)

    /// The exchange of a transport that ends every exchange itself (``enforcingTimeout(_:)``):
    /// WoteKit awaits it in the caller's task, with no task, deadline entry or thread hop of its own.
    package private(set) var ownDeadlineExchange: (@Sendable (URLRequest) async throws -> HTTPResponse)?

    /// Whether a caller's cancellation is passed on to the call in ``send``; `false` only for
    /// ``urlSession(configuration:)`` on Linux, where passing it on can freeze or crash the process.
    ///
    /// swift-corelibs-foundation's `URLSession.data(for:)` cancels its `URLSessionTask` from the
    /// awaiting task's cancellation handler, which runs under that task's status lock, and the
    /// cancel waits for the session's work queue. If the answer is being delivered on that queue at
    /// that moment, the delivery waits for the same lock: the two wait for each other for ever, and
    /// with them every later exchange of the session. Other times the same race ends in the fatal
    /// error of URLSession's task registry. So on Linux a cancelled caller is answered at once and
    /// the transfer is left to end by itself, within the request's idle time-out.
    package var passesOnCancellation = true

    /// Creates a transport from a send function.
    ///
    /// When the caller of a request is cancelled, WoteKit answers it with `cancelled` at once and
    /// cancels the task running `send`. On Linux, do not await `URLSession` in `send`: there a
    /// cancelled `data(for:)` can freeze its session for good when the answer arrives at the same
    /// moment. Use ``urlSession(configuration:)`` instead, which WoteKit never cancels on Linux.
    ///
    /// - Parameter send: performs one HTTP exchange. Throw `URLError` (or ``TransportError``)
    ///   for failures with no HTTP answer.
    public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)) {
        self.sendFunction = send
    }

    /// A transport that keeps the whole exchange's deadline itself and answers with an
    /// ``HTTPResponse``: the cheapest way in for a client that can (AsyncHTTPClient's transport is
    /// one).
    ///
    /// WoteKit awaits `exchange` in the caller's own task: it starts no task, arms no timer and adds
    /// no thread hop per request, so `exchange` must keep two promises:
    /// - once the request's `timeoutInterval` (WoteKit sets it to `requestTimeout`, to the
    ///   nanosecond) has passed since the call, it throws ``TransportError/timeout``, however far the
    ///   exchange got (a body that trickles in included);
    /// - when the calling task is cancelled, it ends soon and throws `CancellationError`.
    ///
    /// Do not await `URLSession` here on Linux: a cancelled `data(for:)` can freeze its session
    /// (see ``init(send:)``). ``send`` still works for such a transport: it builds an
    /// `HTTPURLResponse` from the answer.
    ///
    /// - Parameter exchange: performs one HTTP exchange, without following redirects, and returns
    ///   the answer with its header names lowercased. Throw `URLError` (or ``TransportError``) for
    ///   failures with no HTTP answer.
    /// - Returns: the transport.
    public static func enforcingTimeout(
        _ exchange: @escaping @Sendable (URLRequest) async throws -> HTTPResponse
    ) -> HTTPTransport {
        var transport = HTTPTransport { request in
            let answer = try await exchange(request)
            guard
                let url = request.url,
                let head = HTTPURLResponse(
                    url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
            else { throw TransportError.network("HTTPURLResponse") }
            return (answer.body, head)
        }
        transport.ownDeadlineExchange = exchange
        return transport
    }
}
