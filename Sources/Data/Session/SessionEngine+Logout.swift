import Foundation
package import WoteDomain
import WoteRepository

/// What logout's call to the backend came to.
enum ServerLogout: Sendable, Equatable {
    /// The backend accepted the logout.
    case told
    /// The backend was not told, or refused: why.
    case notTold(WoteError)
    /// The backend has no logout call (``SessionContract/logout`` is `nil`).
    case noCall
}

extension SessionEngine {
    // MARK: - Logout

    /// Logs out: the session ends here at once and for good, and the backend is told with the
    /// tokens the session had.
    ///
    /// From the call on, no token is handed out and no request of the session is sent: a refresh
    /// under way is abandoned (its call cancelled), and the requests waiting for it or for a slot
    /// fail once the store is emptied. Meanwhile the backend's logout call (``SessionContract/logout``)
    /// goes out with the session's access token; an expired one is refreshed first, outside the
    /// ended session. The whole call to the backend is bounded by the request time-out; when the
    /// backend was not told (the refresh was refused or failed, the network failed, the backend
    /// refused), a ``SessionEvent/serverNotToldOfLogout(_:)`` event says why. Does nothing when
    /// nobody is signed in; with a store that could not be read, removes the stored session.
    ///
    /// - Parameter deviceToken: the push token to unregister, if any.
    /// - Throws: ``WoteError/storageFailure(_:)`` when the stored tokens could not be removed; the
    ///   session has ended here all the same, and the backend was told as usual.
    package func logOut(deviceToken: String?) async throws(WoteError) {
        guard let ending = session else {
            if case .signedOut = state { return }
            try await end(reason: .loggedOut)
            return
        }
        let serverNow = serverNow()
        let ended = endInMemory(reason: .loggedOut)
        // The backend is told while the store is written: neither waits for the other.
        async let told = tellServerOfLogout(ending.tokens, serverNow: serverNow, deviceToken: deviceToken)
        var storeFailure: WoteError?
        do {
            try await withStore { () async throws(WoteError) in
                try await writeMemoryToStore(replacingOtherOrigins: false)
            }
        } catch {
            storeFailure = error
        }
        announce(ended)
        if case .notTold(let why) = await told { broadcaster.send(.serverNotToldOfLogout(why)) }
        if let storeFailure { throw storeFailure }
    }

    /// Sends the backend's logout call for a session that has already ended here, with its
    /// `tokens`, within the request time-out: an expired access token (on the server's clock,
    /// `serverNow`) is refreshed first, and a rejected one is refreshed and the call sent once more.
    ///
    /// - Returns: whether the backend was told.
    nonisolated func tellServerOfLogout(_ tokens: TokenPair, serverNow: Date, deviceToken: String?) async
        -> ServerLogout
    {
        guard let call = configuration.contract.logout else { return .noCall }
        do {
            try call.check(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken)
        } catch {
            return .notTold(error)
        }
        let deadline = clock.uptime() + client.timeout
        let needsAccessToken = call.credential == .accessToken
        var accessToken = tokens.accessToken
        var refreshToken = tokens.refreshToken
        var refreshed = false
        if needsAccessToken, tokens.isAccessTokenExpired(at: serverNow) {
            switch await refreshForLogout(refreshToken, until: deadline) {
            case .success(let pair):
                (accessToken, refreshToken, refreshed) = (pair.accessToken, pair.refreshToken, true)
            case .failure(let error): return .notTold(error)
            }
        }
        while true {
            let (endpoint, bearer) = WoteEndpoints.logout(
                call, accessToken: accessToken, refreshToken: refreshToken, deviceToken: deviceToken)
            let response: HTTPResponse
            do {
                response = try await boundedClient(until: deadline).send(endpoint, bearer: bearer)
            } catch {
                return .notTold(error.toDomain())
            }
            if needsAccessToken, !refreshed, configuration.contract.classify(response) == .accessTokenRejected {
                // The backend's clock says the token has expired although ours did not: refresh once.
                switch await refreshForLogout(refreshToken, until: deadline) {
                case .success(let pair):
                    (accessToken, refreshToken, refreshed) = (pair.accessToken, pair.refreshToken, true)
                case .failure(let error): return .notTold(error)
                }
                continue
            }
            if let refusal = call.readAnswer(response) { return .notTold(refusal) }
            return .told
        }
    }

    /// Refreshes `refreshToken` for the logout call only: the new pair is never stored, since the
    /// session has already ended.
    ///
    /// - Returns: the new pair, or why there is none (a refused refresh token, a passing failure).
    private nonisolated func refreshForLogout(_ refreshToken: String, until deadline: Duration) async
        -> Result<TokenPair, WoteError>
    {
        let refresh = configuration.contract.refresh
        do {
            try refresh.check(refreshToken: refreshToken)
        } catch {
            return .failure(error)
        }
        let (endpoint, bearer) = WoteEndpoints.refresh(refresh, refreshToken: refreshToken)
        let response: HTTPResponse
        do {
            response = try await boundedClient(until: deadline, followingRedirects: false).send(
                endpoint, bearer: bearer)
        } catch {
            return .failure(error.toDomain())
        }
        switch refresh.readAnswer(response, clock.now()) {
        case .renewed(let pair): return .success(pair)
        case .invalid(let reason): return .failure(reason.errorWhenMissing)
        case .transient(let error): return .failure(error)
        }
    }

    /// The API client with a time-out that ends at `deadline` (on the monotonic clock), so that the
    /// calls of one logout together never take longer than one request may.
    private nonisolated func boundedClient(until deadline: Duration, followingRedirects: Bool = true) -> HTTPClient {
        let remaining = max(deadline - clock.uptime(), .milliseconds(1))
        return HTTPClient(
            baseURL: client.baseURL, transport: client.transport, timeout: remaining,
            maximumRedirects: followingRedirects ? client.maximumRedirects : 0)
    }
}
