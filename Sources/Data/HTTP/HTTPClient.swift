package import Foundation
package import WoteRepository

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

    /// - Parameters:
    ///   - baseURL: the API's base URL; paths are appended to it.
    ///   - transport: the network.
    ///   - timeout: the time-out of each exchange.
    ///   - maximumRedirects: how many redirects are followed before giving up.
    package init(baseURL: URL, transport: HTTPTransport, timeout: Duration = .seconds(30), maximumRedirects: Int = 5) {
        self.baseURL = baseURL
        self.origin = Origin(baseURL)
        self.transport = transport
        self.timeout = timeout
        self.maximumRedirects = maximumRedirects
    }

    /// The URL of `path` below the base URL.
    package func url(for path: String) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + (path.hasPrefix("/") ? path : "/" + path)) ?? baseURL
    }

    /// The request for `endpoint`, with `Authorization: Bearer` when `bearer` is given and the
    /// URL is on the configured origin.
    package func urlRequest(for endpoint: Endpoint, bearer: String?) -> URLRequest {
        let url = url(for: endpoint.path)
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        request.timeoutInterval = timeout.timeInterval
        for (name, value) in endpoint.headers { request.setValue(value, forHTTPHeaderField: name) }
        if request.value(forHTTPHeaderField: "Accept") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        request.httpBody = endpoint.body
        if let bearer, endpoint.authorization == .bearer, let origin, Origin(url) == origin {
            request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// Sends `endpoint` with `bearer` as its access token (ignored unless the endpoint is `.bearer`).
    ///
    /// - Throws: ``APIError`` when no usable HTTP answer arrived.
    package func send(_ endpoint: Endpoint, bearer: String?) async throws(APIError) -> HTTPResponse {
        var request = urlRequest(for: endpoint, bearer: bearer)
        var redirects = 0
        while true {
            let response = try await exchange(request)
            guard (300..<400).contains(response.status), response.status != 304,
                let location = response.headers["location"],
                let next = URL(string: location, relativeTo: request.url)?.absoluteURL
            else { return response }
            guard redirects < maximumRedirects,
                let followed = redirected(request, to: next, status: response.status)
            else {
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
        let data: Data
        let urlResponse: URLResponse
        do {
            (data, urlResponse) = try await Self.send(request, through: transport, within: timeout)
        } catch {
            throw HTTPClient.apiError(for: error)
        }
        guard let http = urlResponse as? HTTPURLResponse else {
            throw .network("not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// Sends `request` through `transport`, failing with ``TransportError/timeout`` once `limit` has
    /// passed, however the transport behaves: a server that trickles its answer byte by byte keeps
    /// an idle time-out happy for ever, not this whole-exchange deadline.
    ///
    /// On the deadline the caller gets its answer at once; the transport's own call is left to end
    /// by its idle time-out (`URLRequest.timeoutInterval`), since cancelling a libcurl transfer in
    /// the middle of a retry can block the cancelling thread on Linux. Cancelling the caller cancels
    /// the transport's call, as structured concurrency would.
    package static func send(
        _ request: URLRequest, through transport: HTTPTransport, within limit: Duration
    ) async throws -> (Data, URLResponse) {
        let outcome = Locked<CheckedContinuation<(Data, URLResponse), any Error>?>(nil)
        let exchange = Locked<Task<Void, Never>?>(nil)
        let deadline = Locked<Task<Void, Never>?>(nil)
        @Sendable func finish(_ result: Result<(Data, URLResponse), any Error>) -> Bool {
            let continuation = outcome.withLock { stored in
                defer { stored = nil }
                return stored
            }
            guard let continuation else { return false }
            continuation.resume(with: result)
            return true
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.withLock { $0 = continuation }
                if Task.isCancelled {
                    _ = finish(.failure(CancellationError()))
                    return
                }
                exchange.withLock {
                    $0 = Task {
                        let result: Result<(Data, URLResponse), any Error>
                        do {
                            result = .success(try await transport.send(request))
                        } catch {
                            result = .failure(error)
                        }
                        if finish(result) { deadline.current?.cancel() }
                    }
                }
                deadline.withLock {
                    $0 = Task {
                        guard (try? await Task.sleep(for: limit)) != nil else { return }
                        _ = finish(.failure(TransportError.timeout))
                    }
                }
                if outcome.current == nil { deadline.current?.cancel() }
            }
        } onCancel: {
            if finish(.failure(CancellationError())) {
                deadline.current?.cancel()
                exchange.current?.cancel()
            }
        }
    }

    /// Maps whatever a transport threw to ``APIError``; never guesses from message text.
    package static func apiError(for error: any Error) -> APIError {
        if error is CancellationError { return .cancelled }
        if let error = error as? TransportError {
            switch error {
            case .network(let reason): return .network(reason)
            case .timeout: return .timeout
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

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
