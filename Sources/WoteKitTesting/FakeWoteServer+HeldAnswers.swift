import Foundation
public import WoteData

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FakeWoteServer {
    /// A transport to this server that holds the answers to `path` at `gate`: the server acts on the
    /// request at once (a refresh rotates the pair, a logout ends the token, faults apply as
    /// injected), then the answer waits until the test opens the gate. For a request the server has
    /// already answered while the client has not heard yet, such as a logout that starts while a
    /// refresh's new pair is on its way back. (To hold a request *before* the server looks at it,
    /// inject ``Fault/hold(_:)``.)
    ///
    /// Every request for `path` counts as an arrival at `gate` once the server has acted, so
    /// `gate.waitForArrivals()` returns when the server has answered; requests for other paths pass
    /// straight through. A caller cancelled while its answer is held gets `CancellationError`.
    ///
    /// ```swift
    /// import WoteKitTesting
    ///
    /// let clock = TestClock()
    /// let server = FakeWoteServer(clock: clock)
    /// let answers = CallGate()
    /// let wote = WoteClient(
    ///     configuration: WoteConfiguration(
    ///         baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(),
    ///         transport: server.transport(holdingAnswersFor: "/api/auth/refresh", at: answers),
    ///         clock: clock.clock))
    /// try await wote.beginSession(with: server.issuePair(accessExpired: true))
    /// let request = Task { try await wote.fetchMyProfile() }
    /// await answers.waitForArrivals()   // the server has rotated the pair; the client has not heard
    /// answers.open()
    /// _ = try await request.value
    /// ```
    ///
    /// - Parameters:
    ///   - path: the URL path whose answers are held, such as `"/api/auth/refresh"`.
    ///   - gate: where they wait; open it to let them through.
    /// - Returns: the transport to hand to the client instead of ``transport``.
    public func transport(holdingAnswersFor path: String, at gate: CallGate) -> HTTPTransport {
        HTTPTransport { [self] request in
            guard request.url?.path == path else { return try await exchange(request) }
            let answer: Result<(Data, URLResponse), any Error>
            do {
                answer = .success(try await exchange(request))
            } catch {
                answer = .failure(error)
            }
            await gate.pass()
            if Task.isCancelled { throw CancellationError() }
            return try answer.get()
        }
    }
}
