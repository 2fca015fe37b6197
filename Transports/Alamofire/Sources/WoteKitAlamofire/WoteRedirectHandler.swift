#if Alamofire  // the package trait `Alamofire` (Package.swift): without it, this target is an empty module
public import Alamofire
public import WoteKit

// URLRequest and URLSessionTask are Foundation's on Apple platforms and FoundationNetworking's on Linux.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// An Alamofire `RedirectHandler` that follows redirects, removing WoteKit's `Authorization` from a
/// redirect that leaves the API's origin: URLSession carries a request's headers to the redirect's
/// location, so without it a redirect to another host or port receives the access token. A 307 or
/// 308 that would carry an authorized request's body (a password, a code) to another origin is not
/// followed at all: the redirect answer itself is the response.
///
/// `WoteClient.alamofireSession()` installs it with the interceptor:
///
/// ```swift
/// let api = wote.alamofireSession()
/// ```
public struct WoteRedirectHandler: RedirectHandler {
    /// The rules this handler applies.
    public let authorizer: RequestAuthorizer

    /// Creates a handler applying `authorizer`'s rules; see `WoteClient.alamofireRedirectHandler()`.
    ///
    /// - Parameter authorizer: the rules of the client whose session authorizes the requests.
    public init(authorizer: RequestAuthorizer) {
        self.authorizer = authorizer
    }

    /// Follows the redirect, without `Authorization` when it leaves the API's origin from a request
    /// WoteKit authorized; does not follow it when it would also carry that request's body there.
    ///
    /// - Parameters:
    ///   - task: the redirected task.
    ///   - request: the request to the redirect's location.
    ///   - response: the redirect answer.
    ///   - completion: receives the request to follow the redirect with.
    public func task(
        _ task: URLSessionTask, willBeRedirectedTo request: URLRequest, for response: HTTPURLResponse,
        completion: @escaping (URLRequest?) -> Void
    ) {
        guard let original = task.currentRequest ?? task.originalRequest else { return completion(request) }
        if authorizer.authorizes(original), !authorizer.authorizes(request), let body = request.httpBody, !body.isEmpty
        {
            return completion(nil)
        }
        completion(authorizer.followingRedirect(to: request, from: original))
    }
}
#endif  // Alamofire
