#if AsyncHTTPClient  // the package trait `AsyncHTTPClient` (Package.swift): without it, this target is an empty module
import AsyncHTTPClient
import Foundation
import NIOCore
import WoteKit

extension AsyncHTTPClientTransport {
    /// AsyncHTTPClient's failures that mean "no answer in time".
    private static let timeouts: [HTTPClientError] = [
        .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout,
        .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout,
    ]

    /// AsyncHTTPClient's failures that carry no payload, by name. The others are reported as
    /// `HTTPClientError` alone: some carry header names or values, which may hold a token.
    private static let namedFailures: [(HTTPClientError, String)] = [
        (.remoteConnectionClosed, "remoteConnectionClosed"), (.alreadyShutdown, "alreadyShutdown"),
        (.invalidURL, "invalidURL"), (.emptyHost, "emptyHost"), (.emptyScheme, "emptyScheme"),
        (.bodyLengthMismatch, "bodyLengthMismatch"), (.contentLengthMissing, "contentLengthMissing"),
        (.invalidProxyResponse, "invalidProxyResponse"), (.proxyAuthenticationRequired, "proxyAuthenticationRequired"),
        (.requestStreamCancelled, "requestStreamCancelled"),
    ]

    /// What the transport throws for `error`: `CancellationError` when the caller was cancelled,
    /// ``TransportError/timeout`` for every kind of time-out, else ``TransportError/network(_:)``
    /// naming the error's type (and, for AsyncHTTPClient, its payload-free kind; for a socket
    /// error, its errno), never its text.
    ///
    /// - Parameters:
    ///   - error: what AsyncHTTPClient, SwiftNIO or this transport threw.
    ///   - cancelled: whether the calling task was cancelled.
    ///   - maximumBodySize: the body limit, named when the body went over it.
    static func transportError(for error: any Error, cancelled: Bool, maximumBodySize: Int) -> any Error {
        if cancelled || error is CancellationError { return CancellationError() }
        switch error {
        case let error as TransportError:
            return error
        case let error as URLError:
            return error
        case let error as HTTPClientError:
            if error == .cancelled { return CancellationError() }
            if timeouts.contains(error) { return TransportError.timeout }
            let name = namedFailures.first { $0.0 == error }.map { "HTTPClientError.\($0.1)" }
            return TransportError.network(name ?? "HTTPClientError")
        case ChannelError.connectTimeout:
            return TransportError.timeout
        case let error as IOError:
            // The errno tells a refused connection from an unreachable network; it is only a number.
            return TransportError.network("IOError errno \(error.errnoCode)")
        case is NIOTooManyBytesError:
            return TransportError.responseTooLarge(httpStatus: 0, bytes: maximumBodySize + 1)
        default:
            return TransportError.network(String(describing: type(of: error)))
        }
    }
}
#endif  // AsyncHTTPClient
