import Foundation
import WoteKit
import WoteKitAsyncHTTPClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs `body` with a fresh loopback server and a transport owner, and shuts both down afterwards,
/// also when `body` throws.
func withLoopback<T>(
    maximumBodySize: Int = AsyncHTTPClientTransport.defaultMaximumBodySize,
    _ body: (LoopbackServer, AsyncHTTPClientTransport) async throws -> T
) async throws -> T {
    let server = try await LoopbackServer.start()
    let owner = AsyncHTTPClientTransport(maximumBodySize: maximumBodySize)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(server, owner))
    } catch {
        result = .failure(error)
    }
    try await owner.shutdown()
    try await server.stop()
    return try result.get()
}

/// A request for `url` with `method` and a time-out.
func request(_ url: URL, method: String = "GET", timeout: TimeInterval = 10) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = timeout
    return request
}

/// The result of `send` as a value, for expectations on what it threw.
func outcome(of send: () async throws -> (Data, URLResponse)) async -> Result<(Data, URLResponse), any Error> {
    do {
        return .success(try await send())
    } catch {
        return .failure(error)
    }
}

extension Result where Failure == any Error {
    /// The error as a ``TransportError``, or `nil` when it succeeded or threw something else.
    var transportError: TransportError? {
        guard case .failure(let error) = self else { return nil }
        return error as? TransportError
    }
}
