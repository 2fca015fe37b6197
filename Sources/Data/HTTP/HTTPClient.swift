package import Foundation
import WoteDomain
import WoteLocked
package import WoteWire

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// Builds URL requests from endpoints, sends them through the transport, follows redirects, and
/// turns transport failures into ``APIError``.
///
/// The bearer token goes only to the configured origin: it is attached when the request's URL is
/// on that origin, and dropped on any redirect that leaves it.
package struct HTTPClient: Sendable {
    package let baseURL: URL
    /// The origin the bearer token may go to; `nil` when the base URL has no scheme and host, and
    /// then the token goes nowhere.
    package let origin: Origin?
    package let transport: HTTPTransport
    package let timeout: Duration
    package let maximumRedirects: Int
    /// The largest response body read, in bytes, counted after decompression.
    package let maximumResponseSize: Int
    /// Whether plain `http://` may be used for a host other than a loopback one.
    package let allowsInsecureHTTP: Bool
    /// The base URL's text without a trailing `/`, kept so that no request rebuilds it.
    private let base: String
    /// The URLs of the paths sent lately: parsing a URL is a good part of building a request.
    private let knownURLs = KnownURLs()
    /// Whether ``SchemePolicy`` permits the base URL's scheme and host, decided once: every URL on
    /// the origin shares them (checking each request's URL was some 3 µs of a request on Linux).
    private let permitsOrigin: Bool
    /// Whether the base URL has a query or a fragment: then no path makes a URL below it.
    private let baseHoldsQueryOrFragment: Bool

    /// - Parameters:
    ///   - baseURL: the API's base URL; paths are appended to it. With a query or a fragment it
    ///     makes no request URL, and every request fails before anything is sent.
    ///   - transport: the network.
    ///   - timeout: the time-out of each exchange.
    ///   - maximumRedirects: how many redirects are followed before giving up.
    ///   - maximumResponseSize: the largest response body read, counted after decompression.
    ///   - allowsInsecureHTTP: whether plain `http://` may go to a host that is not a loopback one.
    package init(
        baseURL: URL, transport: HTTPTransport, timeout: Duration = .seconds(30), maximumRedirects: Int = 5,
        maximumResponseSize: Int = HTTPTransport.defaultMaximumResponseSize, allowsInsecureHTTP: Bool = false
    ) {
        self.baseURL = baseURL
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
        self.origin = Origin(baseURL)
        self.transport = transport
        self.timeout = timeout
        self.maximumRedirects = maximumRedirects
        self.maximumResponseSize = max(0, maximumResponseSize)
        self.allowsInsecureHTTP = allowsInsecureHTTP
        self.permitsOrigin = SchemePolicy.permits(baseURL, allowingInsecureHTTP: allowsInsecureHTTP)
        self.baseHoldsQueryOrFragment = base.utf8.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
    }

    /// This client with another time-out and redirect limit, every other setting kept.
    package func with(timeout: Duration, maximumRedirects: Int) -> HTTPClient {
        HTTPClient(
            baseURL: baseURL, transport: transport, timeout: timeout, maximumRedirects: maximumRedirects,
            maximumResponseSize: maximumResponseSize, allowsInsecureHTTP: allowsInsecureHTTP)
    }

    /// The URL of `path` and whether it is on the configured origin, remembered for a bare path;
    /// `nil` when the base URL and `path` make no URL (never the base URL in its place: the
    /// request, its method, body and bearer, would go where it was not meant to).
    private func target(for path: String) -> KnownURLs.Target? {
        if let known = knownURLs.target(for: path) { return known }
        // A base URL with a query or a fragment would take every path into it
        // (`https://api.example#x/api/members/me`): each request would go to the base URL itself.
        guard !baseHoldsQueryOrFragment, let url = URL(string: base + (path.hasPrefix("/") ? path : "/" + path))
        else { return nil }
        let isOnOrigin = origin != nil && Origin(url) == origin
        let target = KnownURLs.Target(
            url: url, isOnOrigin: isOnOrigin,
            isPermitted: isOnOrigin
                ? permitsOrigin : SchemePolicy.permits(url, allowingInsecureHTTP: allowsInsecureHTTP))
        // A query may carry what an app would not keep (a code, a token): only bare paths are kept.
        if !path.utf8.contains(UInt8(ascii: "?")) { knownURLs.remember(target, for: path) }
        return target
    }

    /// The request for `endpoint`, with `Authorization: Bearer` when `bearer` is given and the
    /// URL is on the configured origin; `nil` when the base URL and the endpoint's path make no URL.
    package func urlRequest(for endpoint: Endpoint, bearer: String?) -> URLRequest? {
        try? request(for: endpoint, bearer: bearer).request
    }

    /// ``urlRequest(for:bearer:)``, and whether ``SchemePolicy`` permits its URL.
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` when the base URL and the path make no URL.
    private func request(for endpoint: Endpoint, bearer: String?) throws(WoteError) -> (
        request: URLRequest, isPermitted: Bool
    ) {
        guard let target = target(for: endpoint.path) else {
            throw .invalidArgument(
                name: "path", reason: "does not make a URL below the base URL (a base URL takes no query or fragment)")
        }
        var request = URLRequest(url: target.url)
        if endpoint.method != .get { request.httpMethod = endpoint.method.rawValue }
        // A transport that keeps the deadline itself gets it exactly. Otherwise this is the
        // transport's own (idle) time-out, in whole seconds rounded up: the exchange's deadline is
        // WoteKit's (``send(_:through:within:)``), and URLSession on Linux keeps only whole seconds
        // of this value, so 0.5 s timed out every request not answered at once.
        request.timeoutInterval =
            transport.ownDeadlineExchange != nil ? timeout.timeInterval : max(1, timeout.timeInterval.rounded(.up))
        // All headers in one assignment: on Linux `setValue(_:forHTTPHeaderField:)` checks every
        // character of a value through `String` comparisons, a few microseconds for a bearer
        // token, and the dictionary setter checks nothing; ``HeaderField`` checks here instead.
        // A header that fails the check is left out, as `setValue` on Linux would.
        var headers: [String: String] = [:]
        headers.reserveCapacity(endpoint.headers.count + 2)
        var hasAccept = false
        for (name, value) in endpoint.headers where HeaderField.isValidName(name) && HeaderField.isValidValue(value) {
            headers[name] = value
            hasAccept = hasAccept || name.caseInsensitiveEquals("accept")
        }
        if !hasAccept { headers["Accept"] = "application/json" }
        if let bearer, endpoint.authorization == .bearer, target.isOnOrigin, HeaderField.isValidValue(bearer) {
            // WoteKit's token replaces any other spelling of the header.
            if !endpoint.headers.isEmpty { headers = headers.filter { !$0.key.caseInsensitiveEquals("authorization") } }
            headers["Authorization"] = "Bearer " + bearer
        }
        request.allHTTPHeaderFields = headers
        if let body = endpoint.body { request.httpBody = body }
        return (request, target.isPermitted)
    }

    /// Sends `endpoint` with `bearer` as its access token (ignored unless the endpoint is `.bearer`).
    ///
    /// - Throws: ``APIError`` when no usable HTTP answer arrived.
    package func send(_ endpoint: Endpoint, bearer: String?) async throws(APIError) -> HTTPResponse {
        let first: URLRequest
        let isPermitted: Bool
        do {
            (first, isPermitted) = try request(for: endpoint, bearer: bearer)
        } catch {
            throw .session(error)
        }
        if !isPermitted, let url = first.url { throw .session(SchemePolicy.refusal(of: url)) }
        var request = first
        var redirects = 0
        while true {
            let response = try await exchange(request)
            guard (300..<400).contains(response.status), response.status != 304,
                let location = response.header("location"),
                let next = URL(string: location, relativeTo: request.url)?.absoluteURL
            else { return response }
            guard redirects < maximumRedirects,
                let followed = redirected(request, to: next, status: response.status)
            else {
                throw .malformed(MalformedResponse(httpStatus: response.status, problem: .unexpectedRedirect))
            }
            // Another origin's answer is not the API's: a proxy, a captive portal or a moved service
            // must not pass its JSON off as the profile or the feed.
            if let origin, Origin(next) != origin, !endpoint.followsRedirectsToOtherOrigins {
                throw .malformed(MalformedResponse(httpStatus: response.status, problem: .redirectToAnotherOrigin))
            }
            // A redirect down to plain http:// (an opted-in one to another origin) is refused too.
            guard SchemePolicy.permits(next, allowingInsecureHTTP: allowsInsecureHTTP) else {
                throw .malformed(MalformedResponse(httpStatus: response.status, problem: .unexpectedRedirect))
            }
            redirects += 1
            request = followed
        }
    }

    /// The request to send after a redirect: same method and body for 307/308, GET otherwise;
    /// `Authorization` kept only while the target stays on the configured origin.
    ///
    /// - Returns: `nil` when the redirect must not be followed: its target is not http(s), or it
    ///   is a 307/308 that would carry the request body (a password, an authorization code, a
    ///   refresh token) to another origin.
    package func redirected(_ request: URLRequest, to url: URL, status: Int) -> URLRequest? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        let staysOnOrigin = origin != nil && Origin(url) == origin
        var next = request
        next.url = url
        if status != 307 && status != 308 && request.httpMethod != "GET" && request.httpMethod != "HEAD" {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
        }
        if !staysOnOrigin {
            if let body = next.httpBody, !body.isEmpty { return nil }
            next.setValue(nil, forHTTPHeaderField: "Authorization")
        }
        return next
    }

    private func exchange(_ request: URLRequest) async throws(APIError) -> HTTPResponse {
        if let exchange = transport.ownDeadlineExchange {
            // The transport ends the exchange on its deadline and on the caller's cancellation
            // itself: awaited right here, in the caller's task.
            if Task.isCancelled { throw .cancelled }
            var response: HTTPResponse
            do {
                response = try await exchange(request, maximumResponseSize)
            } catch {
                throw HTTPClient.apiError(for: error)
            }
            // A transport that cannot stop early is held to the limit all the same.
            guard response.body.count <= maximumResponseSize else {
                throw .malformed(
                    MalformedResponse(httpStatus: response.status, problem: .tooLarge(bytes: response.body.count)))
            }
            // As below: the transport follows no redirect, so the URL asked is the URL that answered.
            response.url = request.url
            return response
        }
        let data: Data
        let urlResponse: URLResponse
        do {
            (data, urlResponse) = try await Self.send(
                request, through: transport, within: timeout, readingAtMost: maximumResponseSize)
        } catch {
            throw HTTPClient.apiError(for: error)
        }
        guard let http = urlResponse as? HTTPURLResponse else {
            throw .network("not an HTTP response")
        }
        guard data.count <= maximumResponseSize else {
            throw .malformed(MalformedResponse(httpStatus: http.statusCode, problem: .tooLarge(bytes: data.count)))
        }
        var response = HTTPResponse(http, body: data)
        // The transport follows no redirect: the URL asked is the URL that answered.
        response.url = request.url
        return response
    }

    /// Sends `request` through `transport`, failing with ``TransportError/timeout`` once `limit` has
    /// passed, however the transport behaves: a server that trickles its answer byte by byte keeps
    /// an idle time-out happy for ever, not this whole-exchange deadline.
    ///
    /// The transport's call starts at once on the caller's thread (`Task.immediate`), so an answer
    /// that needs no waiting costs no thread hop; the deadline is an entry in
    /// ``ExchangeDeadlines/shared``, not a task of its own.
    ///
    /// On the deadline the caller gets its answer at once; the transport's own call is left to end
    /// by its idle time-out (`URLRequest.timeoutInterval`): on Linux, cancelling a URLSession
    /// transfer as its answer arrives freezes the session or crashes the process (see
    /// ``HTTPTransport/passesOnCancellation``). Cancelling the caller also answers it at once, and
    /// cancels the transport's call where the transport allows it, as structured concurrency would.
    package static func send(
        _ request: URLRequest, through transport: HTTPTransport, within limit: Duration,
        readingAtMost maximumResponseSize: Int = HTTPTransport.defaultMaximumResponseSize
    ) async throws -> (Data, URLResponse) {
        let exchange = PendingExchange()
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                exchange.begin(continuation, within: limit)
                if Task.isCancelled {
                    exchange.finish(.failure(CancellationError()))
                    return
                }
                let operation: @Sendable () async -> Void = {
                    do {
                        exchange.finish(.success(try await transport.boundedSend(request, maximumResponseSize)))
                    } catch {
                        exchange.finish(.failure(error))
                    }
                }
                let call: Task<Void, Never>
                if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                    call = Task.immediate(operation: operation)
                } else {
                    call = Task(operation: operation)
                }
                if transport.passesOnCancellation { exchange.attach(call) }
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    /// Maps whatever a transport threw to ``APIError``; never guesses from message text.
    package static func apiError(for error: any Error) -> APIError {
        if error is CancellationError { return .cancelled }
        if let error = error as? TransportError {
            switch error {
            case .network(let reason): return .network(reason)
            case .timeout: return .timeout
            case .responseTooLarge(let status, let bytes):
                return .malformed(MalformedResponse(httpStatus: status, problem: .tooLarge(bytes: bytes)))
            }
        }
        if let error = error as? URLError {
            switch error.code {
            case .timedOut: return .timeout
            case .cancelled: return .cancelled
            default: return .network("URLError \(error.code.rawValue)")
            }
        }
        return .network(String(describing: type(of: error)))
    }
}

extension HTTPClient: HTTPSending {
    /// Sends without any token: for endpoints that never carry one.
    package func send(_ endpoint: Endpoint) async throws(APIError) -> HTTPResponse {
        try await send(endpoint, bearer: nil)
    }

    /// Sends without any token and reads the answer; there is no session for it to change.
    package func send<Answer: Sendable>(
        _ endpoint: Endpoint, reading read: @Sendable (HTTPResponse) -> AnswerReading<Answer>
    ) async throws(APIError) -> Answer {
        try read(try await send(endpoint, bearer: nil)).answer.get()
    }
}

extension String {
    /// The string with ASCII letters lowercased: header names are ASCII, and `lowercased()` pays for
    /// Unicode's rules on every answer.
    package var asciiLowercased: String {
        guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return self }
        return String(
            decoding: utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether the string equals `other` (lowercase ASCII) ignoring ASCII case.
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && asciiLowercased == other
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// One exchange waiting for whichever comes first: the transport's answer, its deadline, or the
/// caller's cancellation. The first one resumes the caller; the others find nothing to do. The
/// continuation is taken out under the lock before it is resumed, so it is resumed exactly once
/// (which is why an unchecked one, without the checked one's allocation, is safe here); the
/// transport's call always ends, so one of the three always comes.
private final class PendingExchange: Sendable {
    private struct State {
        var continuation: UnsafeContinuation<(Data, URLResponse), any Error>?
        var deadline: UInt64?
        var call: Task<Void, Never>?
        var cancelled = false
    }

    private let state = Locked(State())

    /// Holds the caller's continuation and starts the deadline.
    func begin(_ continuation: UnsafeContinuation<(Data, URLResponse), any Error>, within limit: Duration) {
        let deadline = ExchangeDeadlines.shared.schedule(after: limit) { [self] in
            finish(.failure(TransportError.timeout))
        }
        state.withLock {
            $0.continuation = continuation
            $0.deadline = deadline
        }
    }

    /// Keeps the transport's call, to cancel it with the caller; not called for a transport that
    /// must not be cancelled (``HTTPTransport/passesOnCancellation``).
    func attach(_ call: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            // Already finished (an answer that needed no waiting): nothing to keep.
            if state.continuation != nil { state.call = call }
            return state.cancelled
        }
        if cancelNow { call.cancel() }
    }

    /// Resumes the caller with `result` unless something came first. Lets go of the transport's
    /// call too: the call's closure holds this exchange, and the exchange must not hold the call
    /// back (a cycle that would keep both for ever).
    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let (continuation, deadline) = state.withLock { state in
            defer {
                state.continuation = nil
                state.deadline = nil
                state.call = nil
            }
            return (state.continuation, state.deadline)
        }
        if let deadline { ExchangeDeadlines.shared.cancel(deadline) }
        continuation?.resume(with: result)
    }

    /// The caller was cancelled: it gets `CancellationError`, and the transport's call is cancelled
    /// when one was attached.
    func cancel() {
        let (continuation, deadline, call) = state.withLock { state in
            defer {
                state.continuation = nil
                state.deadline = nil
                state.cancelled = true
                state.call = nil
            }
            return (state.continuation, state.deadline, state.call)
        }
        guard let continuation else { return }
        if let deadline { ExchangeDeadlines.shared.cancel(deadline) }
        continuation.resume(throwing: CancellationError())
        call?.cancel()
    }
}

/// The URLs of recently sent paths without a query, so that a steady request parses no URL;
/// forgotten all at once when it holds too many. Shows nothing of them when dumped.
private final class KnownURLs: Sendable, CustomReflectable {
    /// A path's URL and whether the bearer token may go there.
    struct Target {
        var url: URL
        var isOnOrigin: Bool
        /// Whether ``SchemePolicy`` permits `url`.
        var isPermitted: Bool
    }

    private static let capacity = 256
    private let urls = Locked<[String: Target]>([:])

    func target(for path: String) -> Target? { urls.withLock { $0[path] } }

    var customMirror: Mirror { Mirror(self, children: [:]) }

    func remember(_ target: Target, for path: String) {
        urls.withLock { urls in
            if urls.count >= Self.capacity { urls.removeAll(keepingCapacity: true) }
            urls[path] = target
        }
    }
}
