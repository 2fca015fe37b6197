#if AsyncHTTPClient  // the package trait `AsyncHTTPClient` (Package.swift): without it, this target is an empty module
public import AsyncHTTPClient
public import WoteKit

extension HTTPTransport {
    /// A transport that sends through `owner`'s AsyncHTTPClient client; shut it down with
    /// ``AsyncHTTPClientTransport/shutdown()`` when you are done.
    ///
    /// ```swift
    /// let network = AsyncHTTPClientTransport()
    /// let configuration = WoteConfiguration(baseURL: apiURL, transport: .asyncHTTPClient(network))
    /// ```
    ///
    /// - Parameter owner: the owner of the client.
    /// - Returns: a transport that hands 3xx answers back unfollowed and throws
    ///   ``TransportError`` (or `CancellationError`) for failures with no HTTP answer.
    public static func asyncHTTPClient(_ owner: AsyncHTTPClientTransport) -> HTTPTransport {
        owner.transport
    }

    /// A transport on a new AsyncHTTPClient client of its own, shut down once the last copy of the
    /// transport is gone (like ``urlSession(configuration:)``'s session).
    ///
    /// Use ``asyncHTTPClient(_:)`` with an ``AsyncHTTPClientTransport`` instead when you need to
    /// wait for the shutdown, as a server's graceful shutdown does.
    ///
    /// ```swift
    /// let configuration = WoteConfiguration(baseURL: apiURL, transport: .asyncHTTPClient())
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: the client's configuration; redirects are never followed, whatever it says.
    ///   - maximumBodySize: the largest response body accepted, in bytes.
    /// - Returns: a transport that hands 3xx answers back unfollowed and throws
    ///   ``TransportError`` (or `CancellationError`) for failures with no HTTP answer.
    public static func asyncHTTPClient(
        configuration: AsyncHTTPClient.HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration(),
        maximumBodySize: Int = AsyncHTTPClientTransport.defaultMaximumBodySize
    ) -> HTTPTransport {
        AsyncHTTPClientTransport(configuration: configuration, maximumBodySize: maximumBodySize).transport
    }
}
#endif  // AsyncHTTPClient
