import Foundation
import WoteData
package import WoteDomain
import WoteWire

/// What logout's call to the backend came to.
package enum ServerLogout: Sendable, Equatable {
    /// The backend accepted the logout.
    case told
    /// The backend was not told, or refused: why.
    case notTold(WoteError)
    /// The backend has no logout call (``SessionContract/logout`` is `nil`).
    case noCall
    /// The session had already ended elsewhere (the store was empty at the logout's turn): that end
    /// told the server, and no call goes out.
    case toldElsewhere
}

/// The tokens a logout call goes with.
struct LogoutCredentials: Sendable {
    var tokens: TokenPair
    /// Whether `tokens` come from a refresh made for this logout.
    var refreshed = false
    /// Why the backend cannot be told (the refresh first was refused or failed), if so.
    var failure: WoteError?
    /// Whether the session had already ended elsewhere: no call goes out.
    var endedElsewhere = false
    /// Whether the refresh token may be spent for the call: not when another session replaced this
    /// one in the store (``SessionStateMachine/logoutMayRefresh(stored:ending:origin:)``).
    var mayRefresh = true
}

extension SessionEngine {
    // MARK: - Logout

    /// Logs out: the session ends here at once and for good, and the backend is told with the
    /// tokens the session had.
    ///
    /// From the call on, no token is handed out and no request of the session is sent: a refresh
    /// under way is abandoned (its call is not cancelled: its answer lands in the store and the logout
    /// call goes with it), and the requests waiting for it or for a slot fail once the store is emptied. Meanwhile the backend's logout call (``SessionContract/logout``)
    /// goes out with the session's access token; an expired one is refreshed first, under the store's
    /// lock (so no other process spends the same refresh token) and outside the ended session, before
    /// the store is emptied. The calls to the backend are bounded by the request time-out; when the
    /// backend was not told (the refresh was refused or failed, the network failed, the backend
    /// refused), a ``SessionEvent/serverNotToldOfLogout(_:)`` event says why. Does nothing when
    /// nobody is signed in; with a store that could not be read, removes the stored session.
    ///
    /// - Parameter deviceToken: the push token to unregister, if any.
    /// The logout goes on to its end when its caller is cancelled (a view going away): the stored
    /// session is removed and the backend told all the same, and the caller hears `cancelled` at once.
    ///
    /// - Throws: ``WoteError/storageFailure(_:)`` when the stored tokens could not be removed (the
    ///   session has ended here all the same, the removal is owed, and the backend was told as
    ///   usual); ``WoteError/cancelled`` when the caller was cancelled while the logout went on.
    package func logOut(deviceToken: String?) async throws(WoteError) {
        let ending: StoredSession
        let wasPersistent: Bool
        switch machine.logout(removalPending: removalPending) {
        case .nothing: return
        case .removeAgain: return try await end(reason: .loggedOut)
        case .end(let session, let readingTheStore): (ending, wasPersistent) = (session, readingTheStore)
        }
        // A refresh under way is not cancelled: its answer (a pair the server has rotated to) lands
        // in the store first, and the logout call goes with it instead of spending the old refresh
        // token again. Its call is bounded by the request time-out, as the logout is.
        let landing = machine.letRefreshLand()
        let ended = endInMemory(reason: .loggedOut, cancellingRefresh: false)
        // The rest of the logout (the store step, then the server's call) runs to its end whatever
        // happens to the caller; a cancelled caller hears `cancelled` at once while it goes on.
        let failure = await finishing(orOnCancel: .cancelled) { engine in
            await engine.finishLogout(
                of: ending, ended: ended, landing: landing, readingTheStore: wasPersistent, deviceToken: deviceToken)
        }
        if let failure { throw failure }
    }

    /// The logout after its end in memory: the store step (which owes the removal when it did not
    /// complete, ``owingTheRemoval(_:)``), the end announced, then the server's call.
    ///
    /// - Returns: why the store was not emptied, if it was not.
    func finishLogout(
        of ending: StoredSession, ended: SessionEnding, landing: UInt64?, readingTheStore: Bool, deviceToken: String?
    ) async -> WoteError? {
        let step = await logoutStoreStep(of: ending, landing: landing, readingTheStore: readingTheStore)
        announce(ended)
        // The logout's own time starts with its own calls: the waits before them (the landing, the
        // store's queue and lock) have their own bounds.
        let deadline = step.deadline ?? clock.uptime() + client.timeout
        // Without the store's lock, no refresh: another process may be spending the same refresh
        // token, and a refresh token is never sent twice.
        let found: LogoutCredentials
        if let credentials = step.credentials {
            found = credentials
        } else {
            found = await credentialsForLogout(
                of: ending, landed: step.landed, readingTheStore: false, mayRefresh: false, until: deadline)
        }
        let told = await tellServerOfLogout(with: found, deviceToken: deviceToken, until: deadline)
        if case .notTold(let why) = told { broadcaster.send(.serverNotToldOfLogout(why)) }
        return step.failure
    }

    /// What a logout's store step came to.
    struct LogoutStoreStep: Sendable {
        /// The pair the refresh the logout let land brought, if any.
        var landed: TokenPair?
        /// The tokens for the logout call, found under the store's lock; `nil` when the lock was not had.
        var credentials: LogoutCredentials?
        /// When the logout's own calls must be over (their time starts under the lock).
        var deadline: Duration?
        /// Why the store was not emptied, if it was not: the removal is then owed.
        var failure: WoteError?
    }

    /// The logout's store step: its place in the store queue, the landing of the refresh it let
    /// land, then under the store's lock the tokens for its call and the removal. A step that did not
    /// complete owes the removal.
    func logoutStoreStep(of ending: StoredSession, landing: UInt64?, readingTheStore: Bool) async -> LogoutStoreStep {
        var step = LogoutStoreStep()
        do {
            try await owingTheRemoval { () async throws(WoteError) in
                // Its place in the store queue first: a restore or a sign-in asked for after the
                // logout comes after it, even while it waits for the refresh.
                try await inStoreQueue { () async throws(WoteError) in
                    // A session kept in memory only has no store for the refresh's answer to land
                    // in: the logout waits for that refresh and takes its pair from the machine (a
                    // persistent one has landed already: the refresh held the store queue).
                    if let landing {
                        await waitForLanding(landing)
                        step.landed = machine.takeLanding(landing)
                    }
                    try await holdingStoreLocks { () async throws(WoteError) in
                        // Under the store's lock, as a refresh: no other process spends the refresh
                        // token this logout may need, and a pair another process refreshed is the
                        // one used.
                        let deadline = clock.uptime() + client.timeout
                        step.deadline = deadline
                        step.credentials = await credentialsForLogout(
                            of: ending, landed: step.landed, readingTheStore: readingTheStore, until: deadline)
                        try await writeMemoryToStore(replacingOtherOrigins: false)
                    }
                }
            }
        } catch {
            step.failure = error
        }
        return step
    }

    /// The tokens the logout call goes with: the ended session's, the pair a refresh the logout let
    /// land brought (`landed`), or a newer pair another process stored (read when `readingTheStore`;
    /// call it inside ``withStore(_:)``); with an access token that has expired on the server's
    /// clock, a new pair from a refresh, or why there is none.
    ///
    /// - Parameter mayRefresh: `false` outside the store's lock: the refresh token is never spent there.
    func credentialsForLogout(
        of ending: StoredSession, landed: TokenPair? = nil, readingTheStore: Bool,
        mayRefresh outsideTheLock: Bool = true,
        until deadline: Duration
    ) async -> LogoutCredentials {
        var stored: StoredSession?
        var storeEmpty = false
        if readingTheStore {
            do {
                stored = try await storage.load()
                storeEmpty = stored == nil
            } catch {
                // Unreadable: the ended session's own tokens.
            }
        }
        let latest = SessionStateMachine.logoutSession(
            ending: ending, landed: landed, stored: stored, storeEmpty: storeEmpty, origin: origin)
        let mayRefresh =
            outsideTheLock && SessionStateMachine.logoutMayRefresh(stored: stored, ending: ending, origin: origin)
        let step = SessionStateMachine.logoutTokens(
            latest: latest, mayRefresh: mayRefresh, call: configuration.contract.logout, now: clock.now())
        switch step {
        case .endedElsewhere:
            return LogoutCredentials(tokens: ending.tokens, endedElsewhere: true)
        case .send(let tokens, let mayRefresh):
            return LogoutCredentials(tokens: tokens, mayRefresh: mayRefresh)
        case .cannotSend(let tokens, let failure):
            return LogoutCredentials(tokens: tokens, failure: failure)
        case .refreshFirst(let tokens):
            switch await refreshForLogout(tokens.refreshToken, until: deadline) {
            case .success(let pair): return LogoutCredentials(tokens: pair, refreshed: true)
            case .failure(let error): return LogoutCredentials(tokens: tokens, failure: error)
            }
        }
    }

    /// Sends the backend's logout call for a session that has already ended here, with
    /// `credentials`, until `deadline`: a token the backend rejects is refreshed once (unless it was
    /// just refreshed) and the call sent again.
    ///
    /// - Returns: whether the backend was told.
    nonisolated func tellServerOfLogout(
        with credentials: LogoutCredentials, deviceToken: String?, until deadline: Duration
    ) async -> ServerLogout {
        let call = configuration.contract.logout
        if let outcome = SessionStateMachine.logoutCallBegins(
            hasCall: call != nil, endedElsewhere: credentials.endedElsewhere, failure: credentials.failure)
        {
            return outcome
        }
        guard let call else { return .noCall }
        var tokens = credentials.tokens
        do {
            try call.check(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken)
        } catch {
            return .notTold(error)
        }
        var refreshed = credentials.refreshed
        while true {
            let (endpoint, bearer) = call.endpoint(
                accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, deviceToken: deviceToken)
            let response: HTTPResponse
            do {
                response = try await boundedClient(until: deadline).send(endpoint, bearer: bearer)
            } catch {
                return .notTold(error.toDomain())
            }
            let mayRefresh = SessionStateMachine.logoutMayRefresh(
                credential: call.credential, refreshed: refreshed, tokensMayRefresh: credentials.mayRefresh)
            // One reading of the answer says both whether the token was rejected and whether the
            // backend accepted the logout.
            let answer = call.read(response, mayRefresh: mayRefresh, classify: configuration.contract.classify)
            switch SessionStateMachine.logoutAnswered(answer, mayRefresh: mayRefresh) {
            case .finish(let outcome):
                return outcome
            case .refreshAndSendAgain:
                switch await refreshForLogoutUnderLock(tokens.refreshToken, until: deadline) {
                case .success(let pair): (tokens, refreshed) = (pair, true)
                case .failure(let error): return .notTold(error)
                }
            }
        }
    }

    /// Refreshes `refreshToken` for the logout call, under the store's lock as every refresh is
    /// (issue 45: no refresh for a logout outside the lock): another process that still holds the
    /// session finds the store empty under that lock and spends nothing. Without the lock, no refresh.
    ///
    /// - Returns: the new pair, or why there is none.
    private func refreshForLogoutUnderLock(_ refreshToken: String, until deadline: Duration) async
        -> Result<TokenPair, WoteError>
    {
        do throws(WoteError) {
            return try await withStore { () async throws(WoteError) in
                await refreshForLogout(refreshToken, until: deadline)
            }
        } catch {
            return .failure(error)
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
        let answer: RefreshAnswer
        do {
            answer = try await exchangeRefresh(
                refreshToken, through: boundedClient(until: deadline, followingRedirects: false),
                serverClockOffset: nil
            ).answer
        } catch {
            return .failure(error.toDomain())
        }
        switch answer {
        case .renewed(let pair): return .success(pair)
        case .invalid(let reason): return .failure(reason.errorWhenMissing)
        case .transient(let error): return .failure(error)
        }
    }

    /// The API client with a time-out that ends at `deadline` (on the monotonic clock), so that the
    /// calls of one logout together never take longer than one request may.
    private nonisolated func boundedClient(until deadline: Duration, followingRedirects: Bool = true) -> HTTPClient {
        let remaining = max(deadline - clock.uptime(), .milliseconds(1))
        return client.with(timeout: remaining, maximumRedirects: followingRedirects ? client.maximumRedirects : 0)
    }
}
