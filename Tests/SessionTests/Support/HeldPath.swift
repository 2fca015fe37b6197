import Foundation
import WoteData
import WoteDomain
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Holds every request for one path in flight, on its way to the fake backend, until ``gate``
/// opens: a request that is on the wire while the test does something else.
struct HeldPath {
    /// The path whose requests are held.
    let path: String
    /// Opening it lets the held requests reach the backend.
    let gate = Latch()
    /// How many requests for `path` have arrived.
    let arrivals = CallGate()

    /// A transport that holds `path` and hands everything else to `backend` at once.
    func transport(over backend: FakeWoteBackend) -> HTTPTransport {
        HTTPTransport { request in
            if request.url?.path == path {
                // An open CallGate only counts: it never holds.
                arrivals.open()
                await arrivals.pass()
                await gate.wait()
            }
            return try await backend.stub.transport.send(request)
        }
    }
}

/// Yields until `condition` holds (a state the actor reaches without any outside event, such as a
/// request registering as a waiter), at most `limit` times.
///
/// - Returns: whether the condition held.
func yieldUntil(limit: Int = 100_000, _ condition: () async -> Bool) async -> Bool {
    for _ in 0..<limit {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}
