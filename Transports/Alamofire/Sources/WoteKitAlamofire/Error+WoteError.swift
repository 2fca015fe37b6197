#if Alamofire  // the package trait `Alamofire` (Package.swift): without it, this target is an empty module
import Alamofire
public import WoteKit

extension Error {
    /// The `WoteError` behind this error: the error itself, or the one Alamofire wrapped in an
    /// `AFError` (`requestAdaptationFailed` when the interceptor could not authorize the request,
    /// `requestRetryFailed` when the session could not supply a token to retry with); `nil` for any
    /// other failure.
    ///
    /// ```swift
    /// do {
    ///     let feed = try await api.request(feedURL).validate().serializingDecodable(Feed.self).value
    /// } catch let error where error.asWoteError == .sessionExpired {
    ///     route(to: .login)
    /// }
    /// ```
    public var asWoteError: WoteError? {
        if let woteError = self as? WoteError { return woteError }
        guard let afError = self as? AFError, let underlying = afError.underlyingError else { return nil }
        return underlying.asWoteError
    }
}
#endif  // Alamofire
