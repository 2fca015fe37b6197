import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Owns a `URLSession` whose delegate refuses every automatic redirect, and invalidates it when
/// it goes away (a session keeps its delegate, and itself, alive until invalidated).
final class RedirectRefusingSession: Sendable {
    private let session: URLSession

    init(configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration, delegate: RedirectRefusingDelegate(), delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Performs one exchange; a 3xx comes back as the response.
    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await session.data(for: request)
    }
}
