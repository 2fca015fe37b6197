import Foundation
import Synchronization
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts the requests that transports wrapped by it pass on.
final class CountingTransport: Sendable {
    private let count = Mutex(0)

    /// Requests sent so far through every transport this one wrapped.
    var sent: Int { count.withLock { $0 } }

    /// `base`, counting each request it is given.
    func wrap(_ base: HTTPTransport) -> HTTPTransport {
        HTTPTransport { [self] request in
            count.withLock { $0 += 1 }
            return try await base.send(request)
        }
    }
}
