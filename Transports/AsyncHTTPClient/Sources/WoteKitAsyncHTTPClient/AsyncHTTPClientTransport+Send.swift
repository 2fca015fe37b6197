#if AsyncHTTPClient  // the package trait `AsyncHTTPClient` (Package.swift): without it, this target is an empty module
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

    /// Sends one request and reads the whole answer before its deadline, in the caller's task.
    ///
    /// The deadline covers the whole exchange, the body included: AsyncHTTPClient's
    /// `execute(request:delegate:deadline:)` keeps its deadline timer (a SwiftNIO timer, removed as
    /// soon as the exchange ends) until the delegate has the last byte, unlike the async
    /// `execute(_:deadline:)`, whose deadline stops at the response head. So WoteKit needs no task,
    /// timer or thread hop of its own per request (``WoteKit/HTTPTransport/enforcingTimeout(_:)``):
    /// the answer wakes the caller once, as with a bare client.
    ///
    /// A body past `limit` bytes (or a `Content-Length` announcing one) ends the exchange at once,
    /// the connection closed, with ``WoteKit/TransportError/responseTooLarge(httpStatus:bytes:)``.
    func exchange(_ request: URLRequest, readingAtMost limit: Int? = nil) async throws -> HTTPResponse {
        let limit = limit ?? maximumBodySize
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw URLError(.unsupportedURL) }
        let task: AsyncHTTPClient.HTTPClient.Task<HTTPResponse>
        do {
            let outgoing = try Self.clientRequest(for: request, url: url)
            let deadline = NIODeadline.now() + .nanoseconds(Int64(Self.timeout(of: request) * 1e9))
            // Without a proxy the two clients are one, and the host is not looked at (reading
            // `URL.host` and matching it is a microsecond or two of every request on Linux).
            let direct = loopbackClient !== client && SchemePolicy.isLoopback(host: url.host)
            let client = direct ? loopbackClient : client
            task = client.execute(
                request: outgoing, delegate: AnswerCollector(maximumBodySize: limit), deadline: deadline)
        } catch {
            throw Self.transportError(for: error, cancelled: Task.isCancelled, maximumBodySize: limit)
        }
        do {
            return try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw Self.transportError(for: error, cancelled: Task.isCancelled, maximumBodySize: limit)
        }
    }

    /// The AsyncHTTPClient request for `request`: method, headers and body as they are; the URL is
    /// handed over parsed, not as text to parse again.
    static func clientRequest(for request: URLRequest, url: URL) throws -> AsyncHTTPClient.HTTPClient.Request {
        var headers = HTTPHeaders()
        if let fields = request.allHTTPHeaderFields {
            headers.reserveCapacity(fields.count)
            for (name, value) in fields { headers.add(name: name, value: value) }
        }
        var body: AsyncHTTPClient.HTTPClient.Body?
        if let data = request.httpBody {
            body = .bytes(data)
        } else if request.httpBodyStream != nil {
            // WoteKit sends bodies as `httpBody` only; a stream would be silently dropped.
            throw TransportError.network("httpBodyStream is not supported")
        }
        return try AsyncHTTPClient.HTTPClient.Request(
            url: url, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), headers: headers, body: body)
    }

    /// `timeoutInterval` in seconds, or ``fallbackTimeout`` when it is not a positive finite number.
    static func timeout(of request: URLRequest) -> TimeInterval {
        let seconds = request.timeoutInterval
        return seconds.isFinite && seconds > 0 ? seconds : fallbackTimeout
    }

    /// The header fields for ``WoteKit/HTTPResponse``: names lowercased, repeated names joined with
    /// ", ", as URLSession does.
    static func headerFields(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        fields.reserveCapacity(headers.count)
        for (name, value) in headers {
            let key = lowercased(name)
            if let first = fields[key] {
                fields[key] = first + ", " + value
            } else {
                fields[key] = value
            }
        }
        return fields
    }

    /// `name` with ASCII letters lowercased (header names are ASCII); `name` itself, with no copy,
    /// when it has no capital, as most servers send them.
    private static func lowercased(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return name }
        return String(
            decoding: name.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 },
            as: UTF8.self)
    }
}

/// Collects one answer for ``AsyncHTTPClientTransport``: its head, and its body up to a limit,
/// straight into WoteKit's ``WoteKit/HTTPResponse``. AsyncHTTPClient calls it on the request's
/// event loop; the box keeps it `Sendable` at the cost of an uncontended lock.
private final class AnswerCollector: HTTPClientResponseDelegate {
    typealias Response = HTTPResponse

    private struct State {
        var head: HTTPResponseHead?
        var body: ByteBuffer?
        var received = 0
    }

    private let maximumBodySize: Int
    private let state = NIOLockedValueBox(State())

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    private func tooLarge(status: HTTPResponseStatus?, bytes: Int) -> TransportError {
        .responseTooLarge(httpStatus: Int(status?.code ?? 0), bytes: bytes)
    }

    func didReceiveHead(task: AsyncHTTPClient.HTTPClient.Task<Response>, _ head: HTTPResponseHead)
        -> EventLoopFuture<Void>
    {
        if let declared = head.headers.first(name: "content-length").flatMap(Int.init), declared > maximumBodySize {
            return task.eventLoop.makeFailedFuture(tooLarge(status: head.status, bytes: declared))
        }
        state.withLockedValue { $0.head = head }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: AsyncHTTPClient.HTTPClient.Task<Response>, _ buffer: ByteBuffer)
        -> EventLoopFuture<Void>
    {
        let (fits, status, received) = state.withLockedValue { state -> (Bool, HTTPResponseStatus?, Int) in
            state.received += buffer.readableBytes
            return (append(buffer, to: &state), state.head?.status, state.received)
        }
        return fits
            ? task.eventLoop.makeSucceededVoidFuture()
            : task.eventLoop.makeFailedFuture(tooLarge(status: status, bytes: received))
    }

    /// Adds `buffer` to the body; `false`, adding nothing, when the body would pass the limit.
    private func append(_ buffer: ByteBuffer, to state: inout State) -> Bool {
        guard var body = state.body else {
            state.body = buffer
            return buffer.readableBytes <= maximumBodySize
        }
        guard body.readableBytes + buffer.readableBytes <= maximumBodySize else { return false }
        state.body = nil  // so that the write below does not copy the whole body
        var part = buffer
        body.writeBuffer(&part)
        state.body = body
        return true
    }

    func didFinishRequest(task: AsyncHTTPClient.HTTPClient.Task<Response>) throws -> Response {
        let (head, body) = state.withLockedValue { ($0.head, $0.body) }
        guard let head else { throw TransportError.network("no response head") }
        return HTTPResponse(
            status: Int(head.status.code), headers: AsyncHTTPClientTransport.headerFields(head.headers),
            body: body.map { Data(buffer: $0, byteTransferStrategy: .automatic) } ?? Data())
    }
}
#endif  // AsyncHTTPClient
