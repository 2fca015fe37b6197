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

    /// Creates a transport from a send function.
    ///
    /// - Parameter send: performs one HTTP exchange. Throw `URLError` (or ``TransportError``)
    ///   for failures with no HTTP answer.
    public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)) {
        self.send = send
    }
}
