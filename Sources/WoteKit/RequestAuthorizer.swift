public import Foundation
import WoteData
public import WoteDomain

// URLRequest is Foundation's on Apple platforms and FoundationNetworking's on Linux.
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The rules of a correct bearer interceptor, for a networking stack WoteKit does not drive
/// (Alamofire, Moya, an image loader, the app's own `URLSession`): which requests get the session's
/// access token, and what to do when one comes back rejected. The stack keeps sending; WoteKit
/// decides.
///
/// ```swift
/// let feedURL = apiURL.appending(path: "api/posts")
/// let authorizer = wote.requestAuthorizer()
/// var request = try await authorizer.authorize(URLRequest(url: feedURL))
/// var (body, response) = try await URLSession.shared.data(for: request)
/// let decision = await authorizer.retryDecision(
///     for: request, response: response as? HTTPURLResponse, body: body, retryCount: 0)
/// switch decision {
/// case .retry:                            // the token to retry with is ready
///     request = try await authorizer.authorize(URLRequest(url: feedURL))
///     (body, response) = try await URLSession.shared.data(for: request)
/// case .doNotRetry: break                 // the answer is the caller's to read
/// case .fail(let error): throw error      // .sessionExpired: route to login
/// }
/// ```
///
/// The rules, each one a mistake hand-written interceptors make:
/// - Only a request for the configured API's origin (scheme, host and port, default ports filled
///   in) gets the token; every other request goes out as it is, and a redirect that leaves the
///   origin loses the token (``followingRedirect(to:from:)``).
/// - The session contract's refresh call (Wote's `POST /api/auth/refresh`) never gets it, and its
///   answers never cause a refresh.
/// - A request is retried once at most, and only when the API's answer says the access token was
///   rejected (the contract decides: for Wote a 401 with E004–E007) to a request that carried a
///   `Bearer` token. Every burst of rejections costs one refresh, shared with WoteKit's own calls.
/// - A dead session stops the request with a ``WoteError`` (``WoteError/sessionExpired``,
///   ``WoteError/notSignedIn`` after logout, ``WoteError/tooManyRefreshes``) instead of sending it
///   without a token or looping.
/// - An answer that says the session is over (for Wote, E018 banned or E001 member gone, when the
///   stack hands over the body) ends it, as it would on WoteKit's own calls, and fails the request
///   with that ``WoteError``.
public struct RequestAuthorizer: Sendable {
    /// What to do with a request that failed.
    public enum RetryDecision: Sendable, Equatable {
        /// Send it again, through ``RequestAuthorizer/authorize(_:)``: the token to retry with is ready.
        case retry
        /// Not WoteKit's to retry: hand the answer (or the failure) to the caller as it is.
        case doNotRetry
        /// The session cannot authorize it any more: fail the request with this error.
        case fail(WoteError)
    }

    private let client: WoteClient

    /// The rules for `client`'s API and session: ``WoteClient/requestAuthorizer()``.
    init(client: WoteClient) {
        self.client = client
    }

    /// Whether ``authorize(_:)`` puts the token on `request`: it is for the API's origin and is not
    /// the session contract's refresh call.
    ///
    /// - Parameter request: the outgoing request.
    /// - Returns: `true` when WoteKit authorizes it.
    public func authorizes(_ request: URLRequest) -> Bool {
        guard let url = request.url else { return false }
        return client.isAPIOrigin(url) && !client.isRefreshCall(url)
    }

    /// `request` with `Authorization: Bearer <access token>` when WoteKit authorizes it (replacing any
    /// `Authorization` it had), else `request` unchanged. The token is refreshed first, through the
    /// one shared refresh, when it is about to expire.
    ///
    /// - Parameter request: the outgoing request.
    /// - Returns: the request to send.
    /// - Throws: for a request WoteKit authorizes, ``WoteError/invalidArgument(name:reason:)`` when it
    ///   is plain `http://` to a host that is not a loopback one (unless
    ///   ``WoteConfiguration/allowsInsecureHTTP``), ``WoteError/notSignedIn`` or why the session ended
    ///   (``WoteError/sessionExpired``, ...): the request must not go out without its token; a
    ///   passing refresh failure (``WoteError/Kind/networkUnavailable``, ...).
    public func authorize(_ request: URLRequest) async throws(WoteError) -> URLRequest {
        guard let url = request.url, authorizes(request) else { return request }
        // The token does not go out in the clear, to anyone on the path (http:// beyond loopback).
        guard SchemePolicy.permits(url, allowingInsecureHTTP: client.configuration.allowsInsecureHTTP) else {
            throw SchemePolicy.refusal(of: url)
        }
        let token = try await client.accessToken()
        var authorized = request
        authorized.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return authorized
    }

    /// Whether to send `request` again after it failed, and, when the answer rejected its token,
    /// the refresh that makes the retry worth it (one shared by every rejection of that token).
    ///
    /// It retries only a request for the API's origin (never the refresh call) that carried a
    /// `Bearer` token, whose answer the session contract reads as a rejected access token, on its
    /// first attempt (`retryCount == 0`). A rejected retry is not retried again: its answer stands,
    /// or, when the session has ended since (a logout while the retry was on the wire), it fails
    /// with the error that says so.
    ///
    /// An answer that came from another origin than the API's (`response.url`, where the stack's
    /// redirects ended) is never read as the API's verdict: ``RetryDecision/doNotRetry``.
    ///
    /// An answer whose body says the session is over (Wote's E018 and E001) fails with
    /// ``WoteError/banned`` or ``WoteError/memberGone``; it ends the session only when `request`
    /// carried the session's current access token.
    ///
    /// - Parameters:
    ///   - request: the request as it was sent (with its `Authorization`).
    ///   - response: the answer, with the URL that answered it; `nil` when none arrived (a network
    ///     failure is not WoteKit's to retry).
    ///   - body: the answer's body, which the contract reads (Wote's tells an expired token, E006, from
    ///     a wrong password, A002); `nil` when the stack did not keep it, and then an HTTP 401 counts
    ///     as a rejection.
    ///   - retryCount: how many times the stack has already retried this request.
    /// - Returns: ``RetryDecision/retry`` once the token to retry with is ready;
    ///   ``RetryDecision/doNotRetry`` for any answer that is not WoteKit's to retry;
    ///   ``RetryDecision/fail(_:)`` for an answer that says the session is over, and when no token can be
    ///   had: ``WoteError/sessionExpired`` (the refresh token is dead, the session has ended),
    ///   ``WoteError/notSignedIn`` (signed out meanwhile, also for a rejected retry),
    ///   ``WoteError/tooManyRefreshes``, or a passing refresh failure.
    public func retryDecision(
        for request: URLRequest, response: HTTPURLResponse?, body: Data?, retryCount: Int
    ) async -> RetryDecision {
        guard let response, let url = request.url, authorizes(request),
            let token = Self.bearerToken(of: request)
        else { return .doNotRetry }
        // An answer from another origin (where the stack's redirects ended) is not the API's verdict:
        // a third party's 401 or "banned" must neither cost a refresh nor end the session.
        if let answered = response.url, !client.isAPIOrigin(answered) { return .doNotRetry }
        let answer = HTTPResponse(response, body: body ?? Data())
        // With the body, the engine reads it through the contract, once, as the session needs it.
        var reading: AnswerMeaning?
        if body == nil {
            // Without the body, only an HTTP 401 says something: that the token was rejected.
            guard response.statusCode == 401 else { return .doNotRetry }
            reading = AnswerMeaning(.accessTokenRejected, isSuccess: false)
        }
        // The engine's rules for its own requests, the profile gate included: a verdict that ends the
        // session ends it (unless the token is no longer the session's), "profile required" makes the
        // session wait for its profile, a rejected token on the first attempt costs the one shared refresh.
        let (step, meaning) = await client.engine.settleAnswer(
            toCallWith: token, reading: reading, response: answer, path: url.path, mayRetry: retryCount == 0)
        switch step {
        case .endSession(let reason):
            return .fail(reason.errorWhenMissing)
        case .refreshAndRetry:
            do {
                _ = try await client.accessToken(afterRejecting: token, from: url)
                return .retry
            } catch {
                return .fail(error)
            }
        case .deliver where meaning == .accessTokenRejected:
            // Its one retry was rejected too: the answer stands, unless the session has ended since
            // (a logout while the retry was on the wire), which the caller hears as that end.
            if case .signedOut(let reason) = await client.currentSession.state {
                return .fail(reason.errorWhenMissing)
            }
            return .doNotRetry
        case .deliver, .markProfileCompleted, .markProfileRequired, .deliverAwaitingProfileGate:
            return .doNotRetry
        }
    }

    /// The request to follow a redirect with: `newRequest` without its `Authorization` when the
    /// redirect leaves the API's origin from a request WoteKit authorized (URLSession carries the
    /// header along, and the token must not reach another origin), else `newRequest` as it is.
    ///
    /// - Parameters:
    ///   - newRequest: the request the stack is about to send to the redirect's location.
    ///   - originalRequest: the request that was redirected.
    /// - Returns: the request to send.
    public func followingRedirect(to newRequest: URLRequest, from originalRequest: URLRequest) -> URLRequest {
        guard authorizes(originalRequest), !authorizes(newRequest) else { return newRequest }
        var stripped = newRequest
        stripped.setValue(nil, forHTTPHeaderField: "Authorization")
        return stripped
    }

    /// The token of `request`'s `Authorization: Bearer <token>` header, if it has one.
    static func bearerToken(of request: URLRequest) -> String? {
        guard let value = request.value(forHTTPHeaderField: "Authorization") else { return nil }
        let scheme = "bearer "
        guard value.count > scheme.count, value.prefix(scheme.count).lowercased() == scheme else { return nil }
        let token = value.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
