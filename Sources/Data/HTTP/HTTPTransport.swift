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
    public var send: @Sendable (URLRequest) async throws -> (Data, URLResponse)

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
        self.send = send
    }
}
