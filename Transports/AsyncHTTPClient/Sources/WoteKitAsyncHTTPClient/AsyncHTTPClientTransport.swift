#if AsyncHTTPClient  // the package trait `AsyncHTTPClient` (Package.swift): without it, this target is an empty module
public import AsyncHTTPClient
public import NIOCore
import Tracing
public import WoteKit

/// Owns one AsyncHTTPClient `HTTPClient` set up the way WoteKit needs, and hands out the
/// ``WoteKit/HTTPTransport`` that sends through it.
///
/// The client never follows redirects (WoteKit follows them itself, so it can drop
/// `Authorization` when a redirect leaves the API's origin), keeps up to 16 connections per host,
/// stores no cookies and leaves bodies as the server sent them.
///
/// Lifetime: call ``shutdown()`` when the transport is no longer needed (a server's graceful
/// shutdown, the end of a test). Every ``transport`` value keeps this owner alive, so if you never
/// call it, the client is shut down once the owner and every copy of its transport are gone.
///
/// ```swift
/// let network = AsyncHTTPClientTransport()
/// let wote = WoteClient(
///     configuration: WoteConfiguration(baseURL: apiURL, transport: .asyncHTTPClient(network)))
/// // …
/// try await network.shutdown()
/// ```
public final class AsyncHTTPClientTransport: Sendable {
    /// The largest response body accepted unless told otherwise: 16 MiB, twice the SDK's 8 MiB
    /// envelope limit, so an oversized answer still reaches WoteKit's own check while a runaway one
    /// cannot exhaust memory.
    public static let defaultMaximumBodySize = 16 * 1024 * 1024

    /// The largest response body this transport reads; a longer one fails with
    /// ``WoteKit/TransportError/responseTooLarge(httpStatus:bytes:)``. The client's own limit
    /// (`WoteConfiguration.maximumResponseSize`) applies too: the smaller of the two wins. Bodies
    /// are not decompressed, so the bytes counted are the bytes held.
    public let maximumBodySize: Int

    let client: AsyncHTTPClient.HTTPClient
    /// The client for loopback hosts (`localhost`, 127.0.0.0/8, `::1`): ``client`` itself unless
    /// the configuration names a proxy, else a second client with the same configuration and no
    /// proxy. Plain `http://` is allowed to a loopback host because it never leaves the machine; a
    /// proxy would carry it over the network (security review 2026-11-28, N2).
    let loopbackClient: AsyncHTTPClient.HTTPClient

    /// Creates the owner and its AsyncHTTPClient client.
    ///
    /// - Parameters:
    ///   - configuration: the client's configuration; see ``defaultConfiguration()``. Whatever it
    ///     says about redirects, they are not followed; AsyncHTTPClient's no-op tracer (its choice
    ///     when the app bootstrapped none) is left out, as it records nothing anyway. Its `proxy`
    ///     is never used for a loopback host: those requests go through a second client without it.
    ///   - eventLoopGroup: the SwiftNIO event loops the client runs on; by default AsyncHTTPClient's
    ///     process-wide singleton group, which is never shut down.
    ///   - maximumBodySize: the largest response body accepted, in bytes.
    public init(
        configuration: AsyncHTTPClient.HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration(),
        eventLoopGroup: any EventLoopGroup = AsyncHTTPClient.HTTPClient.defaultEventLoopGroup,
        maximumBodySize: Int = AsyncHTTPClientTransport.defaultMaximumBodySize
    ) {
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        // AsyncHTTPClient's request API used here names a span for every request, by reflection,
        // even for the no-op tracer it picks when the app bootstrapped none: five allocations per
        // request for nothing. No tracer records the same nothing for free; a real one is kept.
        if configuration.tracing.tracer is NoOpTracer { configuration.tracing.tracer = nil }
        self.client = AsyncHTTPClient.HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
        if configuration.proxy != nil {
            var direct = configuration
            direct.proxy = nil
            self.loopbackClient = AsyncHTTPClient.HTTPClient(eventLoopGroup: eventLoopGroup, configuration: direct)
        } else {
            self.loopbackClient = client
        }
        self.maximumBodySize = max(0, maximumBodySize)
    }

    deinit {
        // Nothing can send any more: every transport holds this owner. An already shut down client
        // answers `alreadyShutdown`, which is fine to ignore.
        client.shutdown { _ in }
        if loopbackClient !== client { loopbackClient.shutdown { _ in } }
    }

    /// The transport to put in `WoteConfiguration`; it sends through this owner's client and keeps
    /// the owner alive.
    public var transport: HTTPTransport {
        HTTPTransport.enforcingTimeout(readingAtMost: { [self] request, limit in
            try await self.exchange(request, readingAtMost: min(limit, maximumBodySize))
        })
    }

    /// Shuts the client down: closes its connections and fails whatever is still in flight.
    ///
    /// Requests sent afterwards fail with ``WoteKit/TransportError/network(_:)``. Calling it again
    /// does nothing.
    ///
    /// - Throws: what AsyncHTTPClient reports when it cannot shut down cleanly.
    public func shutdown() async throws {
        for client in loopbackClient === client ? [client] : [client, loopbackClient] {
            do {
                try await client.shutdown()
            } catch let error as HTTPClientError where error == .alreadyShutdown {
                continue
            }
        }
    }

    /// The configuration a new owner starts from.
    ///
    /// - Redirects are not followed: the 3xx answer goes back to WoteKit, which follows it and
    ///   drops `Authorization` when the target leaves the API's origin.
    /// - Up to 16 HTTP/1.1 connections per host, like ``WoteKit/HTTPTransport/defaultSessionConfiguration()``:
    ///   after a token refresh every waiting request is retried at once.
    /// - A refused connection fails at once instead of being retried until the connect time-out,
    ///   so a server that is down reads as a network error, as with URLSession; WoteKit's callers
    ///   decide about retrying.
    /// - No decompression and no cookies (AsyncHTTPClient keeps none): the API answers small JSON
    ///   and authenticates with the bearer token only.
    ///
    /// Each request's deadline comes from `URLRequest.timeoutInterval` (WoteKit sets it from
    /// `WoteConfiguration.requestTimeout`), so the configuration sets no read time-out.
    ///
    /// - Returns: a configuration with the settings above and AsyncHTTPClient's defaults otherwise.
    public static func defaultConfiguration() -> AsyncHTTPClient.HTTPClient.Configuration {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 16),
            decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }
}
#endif  // AsyncHTTPClient
