#if Alamofire  // the package trait `Alamofire` (Package.swift): without it, this target is an empty module
public import Alamofire
public import WoteKit

// URLRequest is Foundation's on Apple platforms and FoundationNetworking's on Linux.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// An Alamofire `RequestInterceptor` that authorizes requests with WoteKit's session, by the rules
/// of ``WoteKit/RequestAuthorizer``: the access token only on the API's origin and never on the
/// refresh call; after an answer that rejects it, one refresh shared with every other request and
/// WoteKit's own calls, and one retry; a dead session fails the request with its `WoteError`.
///
/// Get it in a `Session` from `WoteClient.alamofireSession()`, which also installs the redirect
/// handler that keeps the token off a redirect to another origin:
///
/// ```swift
/// let api = wote.alamofireSession()
/// let feed = try await api.request(feedURL).validate().serializingDecodable(Feed.self).value
/// ```
///
/// Other interceptors go after it (Alamofire stops at the first retrier that retries or fails):
///
/// ```swift
/// let api = wote.alamofireSession(interceptors: [RetryPolicy()])
/// ```
///
/// A `401` becomes an error, and so reaches ``retry(_:for:dueTo:completion:)``, only when the request
/// is validated (`.validate()`). The `WoteError` of a failed request is `error.asWoteError`.
public struct WoteInterceptor: RequestInterceptor {
    /// The rules this interceptor applies.
    public let authorizer: RequestAuthorizer

    /// Creates an interceptor applying `authorizer`'s rules; see `WoteClient.alamofireInterceptor()`.
    ///
    /// - Parameter authorizer: the rules of the client whose session authorizes the requests.
    public init(authorizer: RequestAuthorizer) {
        self.authorizer = authorizer
    }

    /// Puts `Authorization: Bearer <access token>` on a request for the API's origin (refreshing
    /// the token first when it is about to expire); any other request goes out as it is.
    ///
    /// - Parameters:
    ///   - urlRequest: the request Alamofire is about to send.
    ///   - session: the Alamofire session sending it.
    ///   - completion: receives the request to send, or the `WoteError` that stops it
    ///     (`notSignedIn`, `sessionExpired`, a passing refresh failure), which Alamofire reports as
    ///     `AFError.requestAdaptationFailed`.
    public func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        guard authorizer.authorizes(urlRequest) else { return completion(.success(urlRequest)) }
        Task {
            do {
                completion(.success(try await authorizer.authorize(urlRequest)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Retries, once, a request for the API whose answer rejected its token, after WoteKit has the
    /// token to retry with; gives up with the `WoteError` when the session cannot supply one; leaves
    /// every other failure to the next retrier.
    ///
    /// - Parameters:
    ///   - request: the failed request.
    ///   - session: the Alamofire session that sent it.
    ///   - error: why it failed (for a `401`, a validation error).
    ///   - completion: receives `.retry`, `.doNotRetry`, or `.doNotRetryWithError` with the
    ///     `WoteError` (`sessionExpired`, `notSignedIn`, `banned`, `tooManyRefreshes`, ...), which
    ///     Alamofire reports as `AFError.requestRetryFailed`.
    public func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        guard let sent = request.request, let response = request.response else { return completion(.doNotRetry) }
        let body = (request as? DataRequest)?.data
        let retryCount = request.retryCount
        Task {
            switch await authorizer.retryDecision(for: sent, response: response, body: body, retryCount: retryCount) {
            case .retry:
                Self.prepareProgressForReset(of: request)
                completion(.retry)
            case .doNotRetry:
                completion(.doNotRetry)
            case .fail(let woteError):
                completion(.doNotRetryWithError(woteError))
            }
        }
    }

    /// Makes the request's progress totals indeterminate before Alamofire resets them for the
    /// retry: on swift-corelibs-foundation, `Request.reset()` setting a known total back to 0 traps
    /// in `Progress` (swift-corelibs-foundation #3263), which crashed the first retry of a GET
    /// answered with a `Content-Length`, or of any POST.
    private static func prepareProgressForReset(of request: Request) {
        #if !canImport(Darwin)
        request.downloadProgress.totalUnitCount = -1
        request.uploadProgress.totalUnitCount = -1
        #endif
    }
}
#endif  // Alamofire
