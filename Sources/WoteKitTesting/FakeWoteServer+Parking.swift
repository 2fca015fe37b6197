public import Foundation
public import WoteData
import WoteLocked

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension FakeWoteServer {
    /// A request that reached a ``Parking`` and waits there until the test releases it.
    ///
    /// Its description names the arrival number, method and path, never the tokens or the body.
    public struct ParkedRequest: Sendable, CustomStringConvertible {
        /// The order of arrival at the parking, from 1.
        public let number: Int
        /// The request as the transport received it.
        public let request: URLRequest
        /// The method, path, headers (sorted) and body: two runs that send the same requests in
        /// another order park the same keys, so a test that picks by key picks the same request.
        public let key: String

        /// The HTTP method.
        public var method: String { request.httpMethod ?? "GET" }
        /// The URL's path.
        public var path: String { request.url?.path ?? "" }
        /// The body, empty when there is none.
        public var body: Data { request.httpBody ?? Data() }
        /// The token of `Authorization: Bearer <token>`, when the request carries one.
        public var bearer: String? {
            guard let header = request.value(forHTTPHeaderField: "Authorization"), header.hasPrefix("Bearer ") else {
                return nil
            }
            return String(header.dropFirst("Bearer ".count))
        }

        /// The arrival number, method and path.
        public var description: String { "#\(number) \(method) \(path)" }
    }

    /// Holds every request to a ``FakeWoteServer`` until the test releases it, choosing then what
    /// goes wrong with it: the test, not the scheduler, decides in which order the server sees
    /// concurrent requests and in which order their answers land.
    ///
    /// For an app's test of a race: two calls that refresh at once, a logout while a refresh is
    /// in flight, a refresh answer that lands after the account switched. Hand ``transport`` to the
    /// client instead of the server's own; a released request goes to the server as if it had just
    /// arrived, so the server acts (rotates, logs out) at the release. A parked request waits even
    /// when its caller is cancelled, as a request already on the wire does.
    ///
    /// ```swift
    /// import Testing
    /// import WoteKitTesting
    ///
    /// let clock = TestClock()
    /// let server = FakeWoteServer(clock: clock)
    /// let parking = FakeWoteServer.Parking(server)
    /// let wote = WoteClient(
    ///     configuration: WoteConfiguration(
    ///         baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(),
    ///         transport: parking.transport, clock: clock.clock))
    /// try await wote.beginSession(with: server.issuePair())
    /// let call = Task { try await wote.fetchMyProfile() }
    /// await parking.waitForArrivals(1)
    /// let outcome = await parking.release(parking.parked[0], meeting: .serverError(status: 503))
    /// #expect(outcome == .answered(status: 503, divisionCode: "G999"))
    /// _ = try? await call.value
    /// ```
    public final class Parking: Sendable {
        private struct Waiting {
            let parked: ParkedRequest
            let continuation: CheckedContinuation<(Data, URLResponse), any Error>
        }

        private struct State {
            var waiting: [Waiting] = []
            var arrivals = Arrivals()
        }

        /// The server that answers the released requests.
        public let server: FakeWoteServer
        private let state = Locked(State())

        /// A parking in front of `server`: requests sent through ``transport`` wait; requests sent
        /// through the server's own transport do not.
        public init(_ server: FakeWoteServer) {
            self.server = server
        }

        /// The transport to hand to `WoteConfiguration(transport:)`: every request parks.
        public var transport: HTTPTransport {
            HTTPTransport { [self] request in try await park(request) }
        }

        /// The requests waiting now, sorted by ``ParkedRequest/key`` (then by arrival): the same
        /// set of requests gives the same order, whatever order the scheduler let them arrive in.
        public var parked: [ParkedRequest] {
            state.current.waiting.map(\.parked).sorted { ($0.key, $0.number) < ($1.key, $1.number) }
        }

        /// How many requests have arrived so far, released or not.
        public var arrivals: Int { state.current.arrivals.count }

        /// Suspends until at least `count` requests have arrived in all (immediately if they have).
        ///
        /// - Parameter count: the number of arrivals to wait for.
        public func waitForArrivals(_ count: Int = 1) async {
            await state.waitUntil(\.arrivals, reach: count)
        }

        /// Lets `request` through to the server, meeting `fault` on its way (none when `nil`;
        /// faults injected on the server with ``FakeWoteServer/inject(_:on:times:)`` are not
        /// used), and returns once its caller has the answer.
        ///
        /// - Parameters:
        ///   - request: one of ``parked``; a request no longer parked is ignored.
        ///   - fault: what goes wrong with it, as ``FakeWoteServer/Fault`` describes.
        /// - Returns: what became of it: the status and division code its caller received, or
        ///   ``FakeWoteServer/LoggedRequest/Outcome/noAnswer``; `nil` when it was not parked.
        @discardableResult
        public func release(_ request: ParkedRequest, meeting fault: Fault? = nil) async -> LoggedRequest.Outcome? {
            let found = state.withLock { state -> Waiting? in
                guard let index = state.waiting.firstIndex(where: { $0.parked.number == request.number }) else {
                    return nil
                }
                return state.waiting.remove(at: index)
            }
            guard let found else { return nil }
            let outcome: LoggedRequest.Outcome
            do {
                let (body, response) = try await server.exchange(found.parked.request, meeting: fault)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                let code = (try? JSONDecoder().decode(DivisionCodeOnly.self, from: body))?.divisionCode
                outcome = .answered(status: status, divisionCode: code)
                found.continuation.resume(returning: (body, response))
            } catch {
                outcome = error is CancellationError ? .cancelled : .noAnswer
                found.continuation.resume(throwing: error)
            }
            return outcome
        }

        /// Releases, with no fault, every request parked now (not those that arrive meanwhile).
        ///
        /// - Returns: how many it released.
        @discardableResult
        public func releaseAll() async -> Int {
            let now = parked
            for request in now { await release(request) }
            return now.count
        }

        private func park(_ request: URLRequest) async throws -> (Data, URLResponse) {
            try await withCheckedThrowingContinuation { continuation in
                let satisfied = state.withLock { state in
                    let satisfied = state.arrivals.arrive()
                    let parked = ParkedRequest(
                        number: state.arrivals.count, request: request, key: Self.key(of: request))
                    state.waiting.append(Waiting(parked: parked, continuation: continuation))
                    return satisfied
                }
                for waiter in satisfied { waiter.resume() }
            }
        }

        private static func key(of request: URLRequest) -> String {
            let headers = (request.allHTTPHeaderFields ?? [:]).map { "\($0.key.lowercased())=\($0.value)" }.sorted()
            let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
            let query = request.url?.query.map { "?\($0)" } ?? ""
            return
                "\(request.httpMethod ?? "GET") \(request.url?.path ?? "")\(query) \(headers.joined(separator: " ")) \(body)"
        }

        private struct DivisionCodeOnly: Decodable { var divisionCode: String? }
    }
}
