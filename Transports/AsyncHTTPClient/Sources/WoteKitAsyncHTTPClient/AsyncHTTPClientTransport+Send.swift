import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AsyncHTTPClientTransport {
    /// The deadline used when a request carries no usable `timeoutInterval`: URLRequest's default.
    static let fallbackTimeout: TimeInterval = 60

    /// Sends one request and reads the whole answer before its deadline.
    ///
    /// The deadline covers the whole exchange, the body included: AsyncHTTPClient's own deadline
    /// stops at the response head, so the exchange runs in a task that a SwiftNIO timer cancels at
    /// the deadline. A NIO timer is removed from its event loop as soon as it is cancelled; a
    /// cancelled `Task.sleep` keeps its timer until it would have fired, which held some 700 bytes
    /// per request for the whole time-out (the heap figure of the transport benchmark).
    func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw URLError(.unsupportedURL) }
        let outgoing = try Self.clientRequest(for: request, url: url)
        let seconds = Self.timeout(of: request)
        let nioDeadline = NIODeadline.now() + .nanoseconds(Int64(seconds * 1e9))
        let operation: @Sendable () async throws -> (Data, URLResponse) = {
            try await self.exchange(outgoing, url: url, deadline: nioDeadline)
        }
        // Started in place, on the caller's thread, up to its first wait: no thread hop to begin.
        let exchange: Task<(Data, URLResponse), any Error>
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            exchange = Task.immediate(operation: operation)
        } else {
            exchange = Task(operation: operation)
        }
        let timedOut = NIOLockedValueBox(false)
        let timer = client.eventLoopGroup.any().scheduleTask(deadline: nioDeadline) {
            timedOut.withLockedValue { $0 = true }
            exchange.cancel()
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await exchange.value
            } onCancel: {
                exchange.cancel()
            }
        } catch {
            if timedOut.withLockedValue({ $0 }) { throw TransportError.timeout }
            throw Self.transportError(for: error, cancelled: Task.isCancelled, maximumBodySize: maximumBodySize)
        }
    }

    private func exchange(
        _ request: HTTPClientRequest, url: URL, deadline: NIODeadline
    ) async throws -> (Data, URLResponse) {
        let response = try await client.execute(request, deadline: deadline)
        let body = try await response.body.collect(upTo: maximumBodySize)
        guard
            let head = HTTPURLResponse(
                url: url, statusCode: Int(response.status.code), httpVersion: Self.versionText(response.version),
                headerFields: Self.headerFields(response.headers))
        else { throw TransportError.network("HTTPURLResponse") }
        return (Data(buffer: body, byteTransferStrategy: .automatic), head)
    }

    /// The AsyncHTTPClient request for `request`: method, headers and body as they are.
    static func clientRequest(for request: URLRequest, url: URL) throws -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.httpBody {
            outgoing.body = .bytes(ByteBuffer(data: body))
        } else if request.httpBodyStream != nil {
            // WoteKit sends bodies as `httpBody` only; a stream would be silently dropped.
            throw TransportError.network("httpBodyStream is not supported")
        }
        return outgoing
    }

    /// `timeoutInterval` in seconds, or ``fallbackTimeout`` when it is not a positive finite number.
    static func timeout(of request: URLRequest) -> TimeInterval {
        let seconds = request.timeoutInterval
        return seconds.isFinite && seconds > 0 ? seconds : fallbackTimeout
    }

    /// The header fields for `HTTPURLResponse`: repeated names joined with ", ", as URLSession does,
    /// under the first spelling seen.
    static func headerFields(_ headers: HTTPHeaders) -> [String: String] {
        var spelling: [String: String] = [:]
        var fields: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let first = spelling[key] {
                fields[first, default: ""] += ", " + value
            } else {
                spelling[key] = name
                fields[name] = value
            }
        }
        return fields
    }

    private static func versionText(_ version: HTTPVersion) -> String {
        version.major >= 2 ? "HTTP/\(version.major)" : "HTTP/\(version.major).\(version.minor)"
    }
}
