import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers every redirect with "do not follow", so the 3xx response itself is delivered.
///
/// Checked on Linux (swift-corelibs-foundation) and documented on Apple platforms: completing with
/// `nil` finishes the task with the redirect response. Linux delivers it with an empty body.
final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
