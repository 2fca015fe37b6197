// URLRequest is Foundation's on Apple platforms and FoundationNetworking's on Linux.
public import Foundation
import WoteData
public import WoteDomain
import WoteRepository

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension WoteClient {
    // MARK: - Raw

    /// Sends an app's own request to the API with the session's access token, and returns the
    /// answer as it arrived, whatever its status.
    ///
    /// Everything WoteKit does for its own calls applies: the token goes only to the configured
    /// origin, it is refreshed first when about to expire, and when the backend's contract says the
    /// token was rejected it is refreshed once (one refresh shared with every other request) and
    /// the request retried once. The contract's other verdicts change the session as for WoteKit's
    /// own calls: "profile required", a banned or gone member ends the session.
    ///
    /// - Returns: status, headers and body bytes.
    /// - Throws: ``WoteError`` when no usable answer arrived: ``WoteError/notSignedIn``, why the
    ///   session ended, network failures, time-out, cancellation; ``WoteError/invalidArgument(name:reason:)``
    ///   for a path that is not below the base URL or a header that is not well-formed (nothing is sent).
    public func response(for request: APIRequest) async throws(WoteError) -> HTTPResponse {
        let endpoint = try Endpoint(request)
        do {
            return try await engine.send(endpoint)
        } catch {
            throw error.toDomain()
        }
    }

    /// Sends a `URLRequest` for the API's origin through the session, as ``response(for:)-(APIRequest)``.
    ///
    /// - Throws: ``WoteError/Kind/foreignOrigin`` before anything is sent when the URL is not on
    ///   the configured origin (scheme, host and port) or not below the base URL's path;
    ///   ``WoteError/invalidArgument(name:reason:)`` for a streamed body; otherwise as
    ///   ``response(for:)-(APIRequest)``.
    public func response(for request: URLRequest) async throws(WoteError) -> HTTPResponse {
        try await response(for: apiRequest(from: request))
    }

    // MARK: - Wote envelope

    /// Sends `request` and decodes the Wote envelope's `data` as `type`, by the body-decides rule:
    /// the division code first, then the body's status.
    ///
    /// The payload is decoded on the caller's actor (`nonisolated(nonsending)`): a type of an app
    /// target whose types are main-actor isolated by default (a new Xcode 26 app), with its
    /// `Decodable` conformance isolated too, works as written, and it need not be `Sendable`. A large
    /// payload is decoded on the main actor when `fetch` is called there; call it from a
    /// `@concurrent` function to decode it elsewhere.
    ///
    /// ```swift
    /// struct Post: Decodable, Sendable { var postId: Int64; var title: String }
    /// let feed = try await wote.fetch([Post].self, .get("/api/posts", query: ["visibilityScope": "GLOBAL"]))
    /// ```
    ///
    /// - Returns: the payload.
    /// - Throws: every division code as a typed ``WoteError`` carrying the code and the server's
    ///   message: E009 ``WoteError/profileRequired`` (the session moves to "profile required"),
    ///   E019 ``WoteError/Kind/consumerTypeRequired``, E018/E001/E016 end the session, G999 and
    ///   5xx ``WoteError/serverFailure(status:code:message:)``, any other code (E002 unknown post,
    ///   E015 already voted, G010 not the author, E008 bad page, ...)
    ///   ``WoteError/rejected(code:message:)``; ``WoteError/malformedResponse(_:)`` for an unusable
    ///   body or a success without `data`; and the failures of ``response(for:)-(APIRequest)``.
    public nonisolated(nonsending) func fetch<Payload: Decodable>(
        _ type: Payload.Type = Payload.self, _ request: APIRequest
    ) async throws(WoteError) -> Payload {
        // The session reads what the answer means through its contract (which decodes nothing
        // for an answer without a division code); the envelope, payload included, is decoded here
        // in one pass, on the caller's actor (the payload's conformance may be isolated to it).
        let endpoint = try Endpoint(request)
        let sent: (response: HTTPResponse, gate: PendingProfileGate?)
        do throws(APIError) {
            sent = try await engine.sendLeavingProfileGate(endpoint)
        } catch {
            throw error.toDomainCountingErrorPagesAsServerFailures()
        }
        let response = sent.response
        // While the session waits for its profile, the gate asks this one decoding whether the
        // answer is a success (when it cannot be decoded, the contract reads it).
        let decoded: (header: ResponseEnvelope<IgnoredPayload>, data: Payload?)
        do throws(APIError) {
            decoded = try EnvelopeDecoder.decodeSplit(
                Payload.self, from: response.body, httpStatus: response.status, contentType: response.contentType)
        } catch {
            if let gate = sent.gate { await engine.settleProfileGate(gate, of: response, isSuccess: nil) }
            throw error.toDomainCountingErrorPagesAsServerFailures()
        }
        if let gate = sent.gate {
            await engine.settleProfileGate(gate, of: response, isSuccess: decoded.header.isSuccess)
        }
        try decoded.header.requireSuccess()
        guard let payload = decoded.data else {
            throw MalformedResponse(httpStatus: response.status, problem: .missingField("data")).toDomain()
        }
        return payload
    }

    /// Sends `request` and checks the Wote envelope says success, for answers without `data`
    /// (create a post, close it, delete it).
    ///
    /// - Throws: as ``fetch(_:_:)``, except that a success needs no `data`.
    public func perform(_ request: APIRequest) async throws(WoteError) {
        try await envelope(IgnoredPayload.self, for: request).requireSuccess()
    }

    private func envelope<Payload: Decodable & Sendable>(_ type: Payload.Type, for request: APIRequest)
        async throws(WoteError) -> ResponseEnvelope<Payload>
    {
        let endpoint = try Endpoint(request)
        do throws(APIError) {
            return try await engine.send(endpoint) { response in
                AnswerReading.envelope(type, from: response)
            }
        } catch {
            // As `verdict(of:)` reads it: a 502 page from a proxy is the server failing, not a
            // malformed answer.
            throw error.toDomainCountingErrorPagesAsServerFailures()
        }
    }

    /// What a raw Wote answer means, by the body-decides rule: `nil` for a success, else the
    /// typed error ``fetch(_:_:)`` would throw for it (an unusable body from HTTP 500 up is a
    /// server failure, below it a malformed answer). For a front that shows the body as it came
    /// and decides its outcome apart, as `wote api` does.
    public func verdict(of response: HTTPResponse) -> WoteError? {
        do throws(APIError) {
            return try EnvelopeDecoder.decode(
                IgnoredPayload.self, from: response.body, httpStatus: response.status,
                contentType: response.contentType
            ).domainError
        } catch {
            return error.toDomainCountingErrorPagesAsServerFailures()
        }
    }

    // MARK: - Tokens for other networking stacks

    /// A valid access token for a call WoteKit does not send (an image loader, a WebSocket, an
    /// Alamofire or Moya interceptor), refreshed first through the one shared refresh when it is
    /// about to expire. Attach it only to the API's origin.
    ///
    /// - Throws: ``WoteError/notSignedIn`` or why the session ended; a passing refresh failure.
    public func accessToken() async throws(WoteError) -> String {
        try await engine.validAccessToken()
    }

    /// Reports that the API at `url` rejected `token` on a call WoteKit did not send, and returns
    /// the token to retry with: the current one when a refresh already replaced `token`, else one
    /// from a new refresh, shared with every other caller (a burst of rejections costs one
    /// refresh). Another origin's answer never causes a refresh: that server does not know
    /// WoteKit's tokens, and must not be sent one.
    ///
    /// ```swift
    /// let token = try await wote.accessToken()
    /// var request = URLRequest(url: apiURL.appending(path: "api/posts"))
    /// request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    /// let (_, response) = try await URLSession.shared.data(for: request)
    /// if (response as? HTTPURLResponse)?.statusCode == 401 {
    ///     let fresh = try await wote.accessToken(afterRejecting: token, from: request.url!)
    ///     request.setValue("Bearer \(fresh)", forHTTPHeaderField: "Authorization")
    /// }
    /// ```
    ///
    /// ``RequestAuthorizer`` (``requestAuthorizer()``) applies every rule of a bearer interceptor
    /// around this call.
    ///
    /// - Parameters:
    ///   - token: the access token the rejected request carried.
    ///   - url: the rejected request's URL.
    /// - Returns: the access token to retry with.
    /// - Throws: ``WoteError/Kind/foreignOrigin`` when `url` is not on the API's origin (nothing is
    ///   refreshed); ``WoteError/sessionExpired`` when the refresh token is dead (the session has
    ///   ended: route to login); ``WoteError/notSignedIn`` after a logout; a passing refresh
    ///   failure (the session is kept).
    public func accessToken(afterRejecting token: String, from url: URL) async throws(WoteError) -> String {
        _ = try requireAPIOrigin(url)
        return try await engine.accessToken(afterRejecting: token)
    }

    /// Reports that the server rejected `token`, without saying where: use
    /// ``accessToken(afterRejecting:from:)``, which never refreshes for another origin's answer.
    ///
    /// - Throws: as ``accessToken(afterRejecting:from:)``, for a rejection by the API.
    @available(*, deprecated, message: "say where the rejection came from: accessToken(afterRejecting:from:)")
    public func accessToken(afterRejecting token: String) async throws(WoteError) -> String {
        try await engine.accessToken(afterRejecting: token)
    }

    /// The rules of a correct bearer interceptor over this client's session, for a networking
    /// stack WoteKit does not drive (Alamofire, Moya, the app's own `URLSession`).
    ///
    /// - Returns: a ``RequestAuthorizer`` for this client.
    public func requestAuthorizer() -> RequestAuthorizer {
        RequestAuthorizer(client: self)
    }

    /// Whether `url` is on the configured API's origin (scheme, host and port).
    func isAPIOrigin(_ url: URL) -> Bool {
        guard let origin = Origin(url), let apiOrigin = Origin(configuration.baseURL) else { return false }
        return origin == apiOrigin
    }

    /// Whether `url` is the session contract's refresh call below the base URL (any query).
    func isRefreshCall(_ url: URL) -> Bool {
        url.path(percentEncoded: true) == basePath + configuration.session.contract.refresh.path
    }

    /// The base URL's path without its trailing slashes: what the API's paths are appended to.
    private var basePath: String {
        var path = configuration.baseURL.path(percentEncoded: true)
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The origin of `url`, when it is the API's.
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` for a URL without scheme or host,
    ///   ``WoteError/Kind/foreignOrigin`` for another origin.
    private func requireAPIOrigin(_ url: URL) throws(WoteError) -> Origin {
        guard let origin = Origin(url) else {
            throw .invalidArgument(name: "url", reason: "must be an absolute http(s) URL")
        }
        guard isAPIOrigin(url) else { throw .foreignOrigin(origin.description) }
        return origin
    }

    // MARK: - Bring your own login

    /// Starts a session with a token pair from the app's own login (a backend that signs in
    /// differently): from then on storage, restore at launch, proactive and reactive refresh,
    /// logout and the event stream work as after a Wote login.
    ///
    /// ```swift
    /// let answer = try await myBackend.signIn(id: id, password: password)
    /// try await wote.beginSession(
    ///     with: TokenPair(accessToken: answer.accessToken, refreshToken: answer.refreshToken,
    ///                     accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil, receivedAt: .now),
    ///     remember: keepMeSignedIn)
    /// ```
    ///
    /// - Parameters:
    ///   - tokens: the pair; expiry dates the backend did not send are read from the JWTs' `exp`.
    ///   - profileCompleted: `false` when the backend said the profile must be completed first.
    ///   - remember: `true` keeps the session for the next launch; `false` in memory only.
    /// - Returns: the session's new state.
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` for an empty token;
    ///   ``WoteError/storageFailure(_:)`` when it could not be stored (the previous session is kept).
    @discardableResult
    public func beginSession(with tokens: TokenPair, profileCompleted: Bool = true, remember: Bool = true)
        async throws(WoteError) -> AuthenticationState
    {
        guard !tokens.accessToken.isEmpty, !tokens.refreshToken.isEmpty else {
            throw .invalidArgument(name: "tokens", reason: "the access and refresh tokens must not be empty")
        }
        return try await engine.begin(
            StoredSession(tokens: tokens, profileCompleted: profileCompleted), persist: remember)
    }

    /// Removes any stored session, of whatever server, before or without restoring it, and ends
    /// the session in memory: for the first launch after a reinstall, when the Keychain may still
    /// hold the tokens of an earlier install.
    ///
    /// ```swift
    /// if !UserDefaults.standard.bool(forKey: "launchedBefore") {
    ///     try await wote.wipeStoredSession()
    ///     UserDefaults.standard.set(true, forKey: "launchedBefore")
    /// }
    /// let snapshot = await wote.restoreSession()
    /// ```
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the store could not be emptied.
    public func wipeStoredSession() async throws(WoteError) {
        try await engine.wipeStoredSession()
    }

    // MARK: - URLRequest

    private func apiRequest(from request: URLRequest) throws(WoteError) -> APIRequest {
        guard let url = request.url else {
            throw .invalidArgument(name: "url", reason: "must be an absolute http(s) URL")
        }
        let origin = try requireAPIOrigin(url)
        let fullPath = url.path(percentEncoded: true)
        guard fullPath.hasPrefix(basePath + "/") else { throw .foreignOrigin(origin.description + fullPath) }
        if request.httpBodyStream != nil {
            throw .invalidArgument(name: "httpBodyStream", reason: "give the body as data")
        }
        var api = APIRequest(
            HTTPMethod(rawValue: request.httpMethod ?? "GET"), String(fullPath.dropFirst(basePath.count)),
            headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody)
        // The query as the app wrote it: a `+` it wrote stays a `+`.
        api.percentEncodedQuery = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        return api
    }
}
