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
    /// The largest response body WoteKit reads unless told otherwise
    /// (`WoteConfiguration.maximumResponseSize`): 16 MiB, twice the 8 MiB limit of the envelope
    /// decoder, and thousands of times the largest answer of the Wote API (a page of the feed).
    /// Counted after decompression.
    public static let defaultMaximumResponseSize = 16 * 1024 * 1024

    /// Sends one request and returns the body and the response, without following redirects.
    ///
    /// Reading it gives a function that reads at most ``defaultMaximumResponseSize`` bytes of body.
    /// Setting it makes this a plain transport again: WoteKit then enforces the deadline itself
    /// (see ``enforcingTimeout(_:)``) and checks the body's size once it has arrived.
    public var send: @Sendable (URLRequest) async throws -> (Data, URLResponse) {
        get {
            let bounded = boundedSend
            return { request in try await bounded(request, HTTPTransport.defaultMaximumResponseSize) }
        }
        set {
            boundedSend = { request, _ in try await newValue(request) }
            ownDeadlineExchange = nil
        }
    }

    /// Sends one request, reading at most the given number of body bytes (after decompression).
    package private(set) var boundedSend: @Sendable (URLRequest, Int) async throws -> (Data, URLResponse)

    /// The exchange of a transport that ends every exchange itself (``enforcingTimeout(_:)``):
    /// WoteKit awaits it in the caller's task, with no task, deadline entry or thread hop of its own.
    /// Its second argument is the response size limit.
    package private(set) var ownDeadlineExchange: (@Sendable (URLRequest, Int) async throws -> HTTPResponse)?

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
    /// WoteKit checks the body's size only once `send` has returned it, so such a transport reads
    /// any amount first: a transport that can stop early takes ``init(readingAtMost:)``.
    ///
    /// - Parameter send: performs one HTTP exchange. Throw `URLError` (or ``TransportError``)
    ///   for failures with no HTTP answer.
    public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)) {
        self.boundedSend = { request, _ in try await send(request) }
    }

    /// Creates a transport from a send function that stops reading a body past a size limit.
    ///
    /// ```swift
    /// let transport = HTTPTransport(readingAtMost: { request, maximumResponseSize in
    ///     let body = Data(#"{"status":200,"message":"SUCCESS"}"#.utf8)  // read in parts, counting
    ///     guard body.count <= maximumResponseSize else {
    ///         throw TransportError.responseTooLarge(httpStatus: 200, bytes: body.count)
    ///     }
    ///     let head = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
    ///     return (body, head)
    /// })
    /// ```
    ///
    /// - Parameter send: performs one HTTP exchange, reading at most `maximumResponseSize` bytes of
    ///   body (`WoteConfiguration.maximumResponseSize`, counted after decompression); past it, it
    ///   stops the transfer and throws ``TransportError/responseTooLarge(httpStatus:bytes:)``.
    public init(
        readingAtMost send:
            @escaping @Sendable (URLRequest, _ maximumResponseSize: Int) async throws -> (
                Data, URLResponse
            )
    ) {
        self.boundedSend = send
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
        enforcingTimeout(readingAtMost: { request, _ in try await exchange(request) })
    }

    /// ``enforcingTimeout(_:)`` for a transport that also stops reading a body past a size limit:
    /// the exchange's second argument is `WoteConfiguration.maximumResponseSize`, counted after
    /// decompression; past it, the exchange ends the transfer and throws
    /// ``TransportError/responseTooLarge(httpStatus:bytes:)``.
    ///
    /// - Parameter exchange: performs one HTTP exchange as ``enforcingTimeout(_:)`` describes.
    /// - Returns: the transport.
    public static func enforcingTimeout(
        readingAtMost exchange:
            @escaping @Sendable (URLRequest, _ maximumResponseSize: Int) async throws -> HTTPResponse
    ) -> HTTPTransport {
        var transport = HTTPTransport(readingAtMost: { request, limit in
            let answer = try await exchange(request, limit)
            guard
                let url = request.url,
                let head = HTTPURLResponse(
                    url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
            else { throw TransportError.network("HTTPURLResponse") }
            return (answer.body, head)
        })
        transport.ownDeadlineExchange = exchange
        return transport
    }
}
