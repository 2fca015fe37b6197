#if Alamofire  // the package trait `Alamofire` (Package.swift): without it, this target is an empty module
public import WoteKit

extension WoteClient {
    /// An Alamofire interceptor authorizing requests with this client's session, for
    /// `Session(interceptor:)`, an `Interceptor`, or Moya's `MoyaProvider(session:)`.
    ///
    /// ```swift
    /// let api = Session(interceptor: wote.alamofireInterceptor())
    /// ```
    ///
    /// - Returns: a ``WoteInterceptor`` applying this client's ``WoteKit/RequestAuthorizer``.
    public func alamofireInterceptor() -> WoteInterceptor {
        WoteInterceptor(authorizer: requestAuthorizer())
    }

    /// An Alamofire redirect handler that removes this client's token from a redirect leaving the
    /// API's origin, for `Session(redirectHandler:)`.
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
