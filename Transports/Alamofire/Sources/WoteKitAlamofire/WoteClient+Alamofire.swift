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
}
