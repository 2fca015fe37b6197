#if Alamofire  // the package trait `Alamofire` (Package.swift): without it, this target is an empty module
public import Alamofire
public import WoteKit

// URLSessionConfiguration is Foundation's on Apple platforms and FoundationNetworking's on Linux.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension WoteClient {
    /// An Alamofire `Session` that authorizes requests with this client's session and keeps the
    /// token on the API's origin: the interceptor (``alamofireInterceptor()``) first, then
    /// `interceptors`, and the redirect handler (``alamofireRedirectHandler()``), which removes the
    /// token from a redirect that leaves the API's origin. Use it rather than wiring the two by hand:
    /// a `Session` with the interceptor alone follows a redirect to another origin with the bearer
    /// token in its headers.
    ///
    /// ```swift
    /// let api = wote.alamofireSession()
    /// let withRetries = wote.alamofireSession(interceptors: [RetryPolicy()])
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: the session's `URLSessionConfiguration`; `nil` (the default) keeps
    ///     Alamofire's own (`URLSessionConfiguration.af.default`).
    ///   - interceptors: other interceptors, asked after WoteKit's: Alamofire stops at the first
    ///     retrier that retries or fails, so a `RetryPolicy` before WoteKit's would spend the retry
    ///     on a rejected token.
    ///   - eventMonitors: Alamofire event monitors, as for `Session(eventMonitors:)`.
    /// - Returns: the session.
    public func alamofireSession(
        configuration: URLSessionConfiguration? = nil, interceptors: [any RequestInterceptor] = [],
        eventMonitors: [any EventMonitor] = []
    ) -> Session {
        let wote = alamofireInterceptor()
        let interceptor: any RequestInterceptor =
            interceptors.isEmpty ? wote : Interceptor(interceptors: [wote] + interceptors)
        guard let configuration else {
            return Session(
                interceptor: interceptor, redirectHandler: alamofireRedirectHandler(), eventMonitors: eventMonitors)
        }
        return Session(
            configuration: configuration, interceptor: interceptor, redirectHandler: alamofireRedirectHandler(),
            eventMonitors: eventMonitors)
    }

    /// The Alamofire interceptor authorizing requests with this client's session, for a `Session`
    /// built by hand. Install ``alamofireRedirectHandler()`` on the same session, or the token
    /// follows a redirect to another origin; ``alamofireSession(configuration:interceptors:eventMonitors:)``
    /// does both.
    ///
    /// ```swift
    /// let api = Session(interceptor: wote.alamofireInterceptor(), redirectHandler: wote.alamofireRedirectHandler())
    /// ```
    ///
    /// - Returns: a ``WoteInterceptor`` applying this client's ``WoteKit/RequestAuthorizer``.
    public func alamofireInterceptor() -> WoteInterceptor {
        WoteInterceptor(authorizer: requestAuthorizer())
    }

    /// An Alamofire redirect handler that removes this client's token from a redirect leaving the
    /// API's origin, for `Session(redirectHandler:)`; it refuses outright a 307 or 308 that would
    /// carry an authorized request's body there.
    ///
    /// ```swift
    /// let api = Session(interceptor: wote.alamofireInterceptor(), redirectHandler: wote.alamofireRedirectHandler())
    /// ```
    ///
    /// - Returns: a ``WoteRedirectHandler`` applying this client's ``WoteKit/RequestAuthorizer``.
    public func alamofireRedirectHandler() -> WoteRedirectHandler {
        WoteRedirectHandler(authorizer: requestAuthorizer())
    }
}
#endif  // Alamofire
