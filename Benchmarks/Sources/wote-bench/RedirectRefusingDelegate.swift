import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same delegate WoteKit's own session has: it refuses every redirect. Used to tell the cost
/// of a session with a delegate from the cost of WoteKit's code.
final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
