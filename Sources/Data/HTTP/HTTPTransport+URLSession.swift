// URLSessionConfiguration is Foundation's on Apple platforms and FoundationNetworking's on Linux:
// whichever holds it is imported publicly (scripts/lint-apple-imports.sh checks the rule).
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension HTTPTransport {
    /// A transport backed by a `URLSession` that never follows redirects itself.
    ///
    /// The 3xx answer comes back to WoteKit, which follows the redirect and drops `Authorization`
    /// when the target leaves the API's origin (URLSession on Linux would forward it to any host).
    /// The session is invalidated once the last copy of the transport is gone.
    ///
    /// A body longer than `WoteConfiguration.maximumResponseSize` (counted decompressed) fails the
    /// request with ``TransportError/responseTooLarge(httpStatus:bytes:)`` as soon as it passes the
    /// limit, and the transfer is cancelled; so is a transfer still going at the request's deadline,
    /// on Linux too. There, when a server keeps sending so fast that URLSession cannot take the
    /// cancellation, the transport closes the transfer's connection itself after 100 ms, so the
    /// process's other requests go on. Docs/Security.md says how, and what it cannot do.
    ///
    /// A request to a loopback host (`localhost`, 127.0.0.0/8, `::1`) never goes through a proxy:
    /// it is sent through a second session, made from the same configuration with
    /// `connectionProxyDictionary` empty, and on Linux, where libcurl takes its proxy from the
    /// environment, the loopback hosts are added to `no_proxy` first if a proxy variable is set.
    ///
    /// ```swift
    /// let transport = HTTPTransport.urlSession()
    /// ```
    ///
    /// - Parameter configuration: the session's configuration; see ``defaultSessionConfiguration()``
    ///   for why the default looks as it does.
    /// - Returns: a transport that throws `URLError` for failures with no HTTP answer.
    public static func urlSession(
        configuration: URLSessionConfiguration = HTTPTransport.defaultSessionConfiguration()
    ) -> HTTPTransport {
        let session = RedirectRefusingSession(configuration: configuration)
        // Loopback requests go through a session that uses no proxy (LoopbackProxyBypass), made
        // on the first one.
        let loopback = LoopbackSession(configuration)
        var transport = HTTPTransport(readingAtMost: { request, limit in
            guard LoopbackProxyBypass.isLoopback(request.url) else {
                return try await session.data(for: request, readingAtMost: limit)
            }
            return try await loopback.session.data(for: request, readingAtMost: limit)
        })
        #if canImport(FoundationNetworking)
        transport.passesOnCancellation = false
        #endif
        return transport
    }

    /// The transport WoteKit uses unless told otherwise: ``urlSession(configuration:)`` with the
    /// default configuration.
    ///
    /// Each read creates a new session, so keep the value rather than reading it per request.
    public static var live: HTTPTransport { urlSession() }

    /// The configuration WoteKit's own session starts from.
    ///
    /// - Many connections per host (16): after a token refresh the session engine retries every
    ///   waiting request at once; URLSession's default (4 to 6) would queue a burst of them behind
    ///   each other without making it any safer.
    /// - No URL cache: answers such as "my profile" are private to one signed-in person and must
    ///   never be stored on disk or served to the next person from a cache.
    /// - No cookies: the API authenticates with the bearer token only; a `Set-Cookie` (a server
    ///   session id) must neither be stored nor sent back, so signing out leaves nothing behind
    ///   and one person's cookie can never ride on another's requests.
    ///
    /// - Returns: a new ephemeral configuration with the settings above.
    public static func defaultSessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        return configuration
    }
}
