import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import WoteKit
import WoteKitAsyncHTTPClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The AsyncHTTPClient transport as it was before issue 26 (a6f43cb), for `--profile
/// ahc-wotekit-before` only: a plain `HTTPTransport(send:)`, so WoteKit runs it in an exchange task
/// of its own with a deadline entry, and it runs AsyncHTTPClient's async `execute` in a second task
/// raced against a SwiftNIO timer, then builds an `HTTPURLResponse`. The success path is the old
/// one line for line; failures are only named, not mapped as the real transport does.
final class LegacyAHCTransport: Sendable {
    private let client: AsyncHTTPClient.HTTPClient
    private let maximumBodySize = AsyncHTTPClientTransport.defaultMaximumBodySize

    init() {
        client = AsyncHTTPClient.HTTPClient(
            eventLoopGroup: AsyncHTTPClient.HTTPClient.defaultEventLoopGroup,
            configuration: AsyncHTTPClientTransport.defaultConfiguration())
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    var transport: HTTPTransport {
        HTTPTransport { [self] request in try await self.send(request) }
    }

    private func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw URLError(.unsupportedURL) }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(data: body)) }
        let seconds = request.timeoutInterval > 0 ? request.timeoutInterval : 60
        let nioDeadline = NIODeadline.now() + .nanoseconds(Int64(seconds * 1e9))
        let sent = outgoing
        let operation: @Sendable () async throws -> (Data, URLResponse) = {
            try await self.exchange(sent, url: url, deadline: nioDeadline)
        }
        // As the old transport did (Linux and macOS 26 or later); macOS 15 (this package's floor)
        // has no immediate tasks, so there the exchange starts as an ordinary task.
        let exchange: Task<(Data, URLResponse), any Error>
        if #available(macOS 26, *) {
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
            throw TransportError.network(String(describing: type(of: error)))
        }
    }

    private func exchange(
        _ request: HTTPClientRequest, url: URL, deadline: NIODeadline
    ) async throws -> (Data, URLResponse) {
        let response = try await client.execute(request, deadline: deadline)
        let body = try await response.body.collect(upTo: maximumBodySize)
        guard
            let head = HTTPURLResponse(
                url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1",
                headerFields: Self.headerFields(response.headers))
        else { throw TransportError.network("HTTPURLResponse") }
        return (Data(buffer: body, byteTransferStrategy: .automatic), head)
    }

    private static func headerFields(_ headers: HTTPHeaders) -> [String: String] {
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
}
