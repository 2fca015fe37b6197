import Foundation
package import WoteData
import WoteDomain
import WoteLocked

extension SessionEngine: HTTPSending {
    /// Sends `endpoint`; the backend's contract says what the answer means for the session.
    ///
    /// - Returns: the answer, whatever its status.
    /// - Throws: ``APIError`` for transport failures, or `.session` when there is no usable session.
    package nonisolated func send(_ endpoint: Endpoint) async throws(APIError) -> HTTPResponse {
        // Read by the contract once, in `settle`, which knows whether the profile gate matters.
        let sent = try await send(
            endpoint, reading: { response in AnswerReading(meaning: nil, answer: .success(response)) },
            leavingProfileGate: false)
        return sent.answer
    }

    /// Sends `endpoint` as ``send(_:)``, for a caller that reads the answer itself (`fetch`, which
    /// decodes it on its own actor): what the answer means for the session is carried out before
    /// it returns, but while the session waits for its profile, an accepted answer's profile gate
    /// is left to the caller's reading, so that the answer is read once.
    ///
    /// - Returns: the answer, whatever its status, and the profile gate the caller settles with
    ///   ``settleProfileGate(_:of:isSuccess:)`` once it has read the answer, if one waits for it
    ///   (never while the profile is complete).
    /// - Throws: as ``send(_:)``.
    package nonisolated func sendLeavingProfileGate(_ endpoint: Endpoint) async throws(APIError) -> (
        response: HTTPResponse, gate: PendingProfileGate?
    ) {
        let sent = try await send(
            endpoint, reading: { response in AnswerReading(meaning: nil, answer: .success(response)) },
            leavingProfileGate: true)
        return (sent.answer, sent.gate)
    }

    /// Settles the profile gate ``sendLeavingProfileGate(_:)`` left to its caller, by the same
    /// ``settle(_:of:path:owner:profileWasCompleted:mayRetry:leavingProfileGate:)`` as every answer:
    /// an answer that shows the profile complete moves the session to "signed in", unless the session
    /// the request was sent under has ended since (then nothing changes).
    ///
    /// - Parameters:
    ///   - gate: the gate the answer left.
    ///   - response: the answer.
    ///   - isSuccess: whether the caller read the answer as the backend's success, or `nil` when it
    ///     could not read it (then the contract reads it, ``SessionContract/readAnswer``).
    package nonisolated func settleProfileGate(_ gate: PendingProfileGate, of response: HTTPResponse, isSuccess: Bool?)
        async
    {
        // What the answer means for the session was settled already: it was accepted.
        let reading = AnswerMeaning(
            .accepted, isSuccess: isSuccess ?? configuration.contract.readAnswer(response).isSuccess)
        _ = await settle(
            reading, of: response, path: gate.path, owner: .request(issuedIn: gate.generation),
            profileWasCompleted: false, mayRetry: false)
    }

    /// Sends `endpoint`; a `.bearer` endpoint gets the current access token, refreshed first when
    /// it is about to expire, and is retried once with a new token when the server rejects the token.
    ///
    /// The answer is read by `read` off the actor; the actor is entered only to take the token and
    /// to change the session's state when the answer says so.
    ///
    /// - Returns: what `read` made of the answer.
    /// - Throws: ``APIError`` for transport failures, `.session` when there is no usable session,
    ///   or what `read` found wrong with the answer.
    package nonisolated func send<Answer: Sendable>(
        _ endpoint: Endpoint, reading read: @Sendable (HTTPResponse) -> AnswerReading<Answer>
    ) async throws(APIError) -> Answer {
        try await send(endpoint, reading: read, leavingProfileGate: false).answer
    }

    /// Sends `endpoint` and reads its answer with `read`, recording the request for diagnostics.
    ///
    /// - Parameter leavingProfileGate: whether an accepted answer's profile gate is left to the
    ///   caller, which reads the answer itself (``sendLeavingProfileGate(_:)``).
    private nonisolated func send<Answer: Sendable>(
        _ endpoint: Endpoint, reading read: @Sendable (HTTPResponse) -> AnswerReading<Answer>,
        leavingProfileGate: Bool
    ) async throws(APIError) -> (answer: Answer, gate: PendingProfileGate?) {
        guard diagnostics.isEnabled else {
            var trace = RequestTrace()
            return try await exchange(endpoint, reading: read, leavingProfileGate: leavingProfileGate, trace: &trace)
        }
        let start = clock.uptime()
        var trace = RequestTrace()
        var failure: WoteError.Kind?
        defer {
            let path = endpoint.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
            diagnostics.handle(
                .request(
                    RequestDiagnostic(
                        method: endpoint.method.rawValue, path: path, status: trace.status,
                        duration: clock.uptime() - start, retried: trace.retried, failure: failure)))
        }
        do {
            return try await exchange(endpoint, reading: read, leavingProfileGate: leavingProfileGate, trace: &trace)
        } catch {
            failure = error.toDomain().kind
            throw error
        }
    }

    private nonisolated func exchange<Answer: Sendable>(
        _ endpoint: Endpoint, reading read: @Sendable (HTTPResponse) -> AnswerReading<Answer>,
        leavingProfileGate: Bool, trace: inout RequestTrace
    ) async throws(APIError) -> (answer: Answer, gate: PendingProfileGate?) {
        guard endpoint.authorization == .bearer else {
            let response = try await client.send(endpoint, bearer: nil)
            trace.status = response.status
            return (try read(response).answer.get(), nil)
        }
        if Task.isCancelled { throw .cancelled }
        // The request belongs to the session it is issued under: it is sent with that session's
        // token or not at all, whatever begins while it waits.
        // Read in place: copying the whole lane would retain every string of the session.
        let (hasSession, issued) = lane.withLock { ($0.hasSession, $0.generation) }
        // Without a session, nothing waits for a slot: the request fails as it would with one.
        guard hasSession else { throw .session(await errorForMissingSessionOnceStored()) }
        // The token is taken when the request gets its slot on the wire, not before.
        switch await slots.take(generation: issued) {
        case .granted: break
        case .cancelled: throw .cancelled
        case .dismissed: throw .session(await errorForMissingSessionOnceStored())
        }
        defer { slots.release() }
        var (token, requestGeneration, profileWasCompleted): (String, UInt64, profileCompleted: Bool)
        if let ready = tokenWithoutWaiting(issuedIn: issued) {
            (token, requestGeneration, profileWasCompleted) = ready
        } else {
            (token, requestGeneration, profileWasCompleted) = try await accessTokenForRequest(issuedIn: issued)
        }
        var retried = false
        while true {
            let response = try await client.send(endpoint, bearer: token)
            trace.status = response.status
            // The session this request was sent for may have ended while it was on the wire.
            let arrival = SessionStateMachine.answerArrived(
                sentIn: requestGeneration, current: lane.withLock { $0.generation },
                outlivesItsSession: endpoint.answerOutlivesItsSession)
            switch arrival {
            case .answerBelongsToNobody: throw .session(await errorForMissingSessionOnceStored())
            case .answerToCaller: return (try read(response).answer.get(), nil)
            case .settle: break
            }
            let reading = read(response)
            let (step, _) = await settle(
                reading.meaning, of: response, path: endpoint.path, owner: .request(issuedIn: requestGeneration),
                profileWasCompleted: profileWasCompleted, mayRetry: !retried, leavingProfileGate: leavingProfileGate)
            switch step {
            // One retry per request; a second rejection is the caller's answer (`deliver`).
            case .refreshAndRetry: break
            case .deliverAwaitingProfileGate:
                return (
                    try reading.answer.get(), PendingProfileGate(generation: requestGeneration, path: endpoint.path)
                )
            case .deliver, .markProfileCompleted, .markProfileRequired, .endSession:
                return (try reading.answer.get(), nil)
            }
            retried = true
            trace.retried = true
            token = try await tokenAfterRejection(of: token, generation: requestGeneration)
        }
    }

    /// Carries out what an answer to a request or call of `owner` means for the session (the profile
    /// gate, a verdict that ends it), entering the actor only when the session changes;
    /// the one place that settles an authenticated answer, for WoteKit's own requests and, through
    /// ``settleAnswer(toCallWith:reading:response:path:mayRetry:)``, for other stacks' calls.
    ///
    /// The answer is read through the contract once: `reading` when the caller has read it, else
    /// here (``SessionContract/read(_:gateMatters:)``); the profile gate asks that reading, not the answer.
    ///
    /// - Parameters:
    ///   - reading: the answer as the contract read it, or `nil` when nobody has yet.
    ///   - path: the request's path (a query, if any, is ignored), for the profile gate.
    ///   - owner: the request's generation, and for another stack's call its token: which session
    ///     the answer may change (``SessionStateMachine/verdictEnds(for:)``).
    ///   - profileWasCompleted: whether the session had its profile completed when the request was sent.
    ///   - mayRetry: whether this was the request's first attempt.
    ///   - leavingProfileGate: whether the caller reads the answer itself and settles the profile gate
    ///     with that reading (``settleProfileGate(_:of:isSuccess:)``): the answer is then read here
    ///     only for what it means for the session (``SessionContract/classify``).
    /// - Returns: the step, and what the answer means for the session;
    ///   ``SessionStateMachine/AnswerStep/refreshAndRetry`` and
    ///   ``SessionStateMachine/AnswerStep/deliverAwaitingProfileGate`` are the caller's to carry out.
    nonisolated func settle(
        _ reading: AnswerMeaning?, of response: HTTPResponse, path: String, owner: SessionStateMachine.AnswerOwner,
        profileWasCompleted: Bool, mayRetry: Bool, leavingProfileGate: Bool = false
    ) async -> (step: SessionStateMachine.AnswerStep, meaning: ProtectedAnswer) {
        // The gate is left to the caller only when the caller has not read the answer yet.
        let gateLeft = leavingProfileGate && reading == nil
        // The contract's fields are used in place: a copy of the whole contract would retain each closure.
        let meaning = reading ?? configuration.contract.read(response, gateMatters: !profileWasCompleted && !gateLeft)
        let step = SessionStateMachine.step(
            for: meaning.forSession, profileWasCompleted: profileWasCompleted,
            passesProfileGate: {
                gateLeft
                    ? nil
                    : configuration.contract.showsProfileCompleted(String(path.prefix { $0 != "?" }), response, meaning)
            }, mayRetry: mayRetry)
        switch step {
        case .deliver, .refreshAndRetry, .deliverAwaitingProfileGate: break
        case .markProfileCompleted: await noteAcceptedBehindProfileGate(generation: owner.generation)
        case .markProfileRequired: await noteProfileRequired(generation: owner.generation)
        case .endSession(let reason): await endAfterServerVerdict(reason: reason, owner: owner)
        }
        return (step, meaning.forSession)
    }

    /// Carries out what an answer to a call another stack sent with `token` means for the session,
    /// by the same rules as for WoteKit's own requests (the profile gate included): only while
    /// `token` is the session's current access token does the answer change the session; an earlier
    /// session's call, or one sent with a token a refresh has replaced since, changes nothing (the
    /// next call, with the current token, hears the same answer).
    ///
    /// - Parameters:
    ///   - reading: the answer as the contract read it, or `nil` to have it read here, once.
    ///   - path: the call's path, for the profile gate.
    ///   - mayRetry: whether this was the call's first attempt.
    /// - Returns: the step, and what the answer means for the session;
    ///   ``SessionStateMachine/AnswerStep/refreshAndRetry`` is the caller's to carry out
    ///   (``accessToken(afterRejecting:)``).
    package nonisolated func settleAnswer(
        toCallWith token: String, reading: AnswerMeaning?, response: HTTPResponse, path: String, mayRetry: Bool
    ) async -> (step: SessionStateMachine.AnswerStep, meaning: ProtectedAnswer) {
        let published = lane.current
        switch SessionStateMachine.callAnswer(toCallWith: token, session: published.session) {
        case .changesNothing:
            let meaning = reading?.forSession ?? configuration.contract.classify(response)
            let step = SessionStateMachine.step(
                for: meaning, profileWasCompleted: true, passesProfileGate: { false }, mayRetry: mayRetry)
            return (step, meaning)
        case .settle(let profileCompleted):
            let meaning = reading ?? configuration.contract.read(response, gateMatters: !profileCompleted)
            // A verdict is checked again on the actor, by the token: a refresh may have replaced it meanwhile.
            return await settle(
                meaning, of: response, path: path, owner: .call(token: token, issuedIn: published.generation),
                profileWasCompleted: profileCompleted, mayRetry: mayRetry)
        }
    }

    /// The access token to send now when nothing needs the actor: a session is there, no refresh
    /// is under way, and the token is not due for one. Read from the lane the actor republishes on
    /// every change, so a steady request never waits for the actor; otherwise `nil`, and
    /// ``accessTokenForRequest()`` decides.
    ///
    /// - Parameter issued: the generation the request was issued under, if any: a lane that moved on
    ///   since hands it nothing.
    package nonisolated func tokenWithoutWaiting(issuedIn issued: UInt64? = nil) -> (
        String, UInt64, profileCompleted: Bool
    )? {
        let (deviceNow, leeway) = (clock.now(), configuration.refreshLeeway.timeInterval)
        // Decided in place: copying the whole lane would retain every string of the session. The
        // notice count's lock is taken inside the lane's (never the other way round), after the
        // lane is read, so a notice that arrived before it is not missed.
        return lane.withLock { lane in
            let step = SessionStateMachine.laneToken(
                issuedIn: issued, generation: lane.generation, session: lane.session, refreshing: lane.refreshing,
                storeBehind: lane.storeBehind, noticePending: noticePending, deviceNow: deviceNow, leeway: leeway)
            switch step {
            case .askEngine: return nil
            case .send(let token, let profileCompleted): return (token, lane.generation, profileCompleted)
            }
        }
    }

    /// The access token to send now, refreshed first when it expires within the leeway, with the
    /// generation the request started in.
    ///
    /// A refresh that fails for a passing reason while the old token is still valid is not the
    /// request's problem: the old token is sent.
    func accessTokenForRequest(issuedIn issued: UInt64? = nil) async throws(APIError) -> (
        String, UInt64, profileCompleted: Bool
    ) {
        if storeBehindSince != nil { await catchUpStore() }
        try await followNoticesBeforeDeciding()
        let startGeneration = issued ?? generation
        let leeway = configuration.refreshLeeway.timeInterval
        var step = machine.requestToken(issuedIn: startGeneration, deviceNow: clock.now(), leeway: leeway)
        if step == .joinRefresh {
            // A refresh is under way (an answer said the token was rejected, or it is expiring):
            // a request not yet sent waits for the new token rather than sending the old one.
            let outcome = await sharedRefresh(trigger: .reactive)
            try await followNoticesBeforeDeciding()
            switch machine.afterJoinedRefresh(outcome, issuedIn: startGeneration, callerCancelled: Task.isCancelled) {
            case .send(let token): return (token, startGeneration, session?.profileCompleted ?? true)
            case .goOn: break
            case .sessionGone: throw .session(await errorForMissingSessionOnceStored())
            case .fail(let error): throw error
            }
            step = machine.requestToken(issuedIn: startGeneration, deviceNow: clock.now(), leeway: leeway, joined: true)
        }
        switch step {
        case .sessionGone, .joinRefresh: throw .session(await errorForMissingSessionOnceStored())
        case .send(let token, let profileCompleted): return (token, startGeneration, profileCompleted)
        case .refreshFirst: break
        }
        let outcome = await sharedRefresh(trigger: .proactive)
        try await followNoticesBeforeDeciding()
        let valid = session.map { !$0.tokens.isAccessTokenExpired(at: serverNow()) } ?? false
        switch machine.afterProactiveRefresh(outcome, issuedIn: startGeneration, currentTokenValid: valid) {
        case .send(let token): return (token, startGeneration, session?.profileCompleted ?? true)
        case .goOn:
            guard let still = session else { throw .session(await errorForMissingSessionOnceStored()) }
            return (still.tokens.accessToken, startGeneration, still.profileCompleted)
        case .sessionGone: throw .session(await errorForMissingSessionOnceStored())
        case .fail(let error): throw error
        }
    }

    /// The token to retry with after the server rejected `token`: the current one when a refresh
    /// has already replaced it, else a new one from the one shared refresh.
    func tokenAfterRejection(of token: String, generation requestGeneration: UInt64) async throws(APIError)
        -> String
    {
        try await followNoticesBeforeDeciding()
        let current = session?.tokens.accessToken
        switch machine.rejection(of: token, requestGeneration: requestGeneration, currentAccessToken: current) {
        case .sessionGone: throw .session(await errorForMissingSessionOnceStored())
        case .notThisSession: throw .session(.notSignedIn)
        case .retry(let replacement): return replacement
        case .refresh: break
        }
        let outcome = await sharedRefresh(trigger: .reactive)
        try await followNoticesBeforeDeciding()
        switch machine.afterReactiveRefresh(outcome, issuedIn: requestGeneration) {
        case .send(let renewed): return renewed
        case .goOn, .sessionGone: throw .session(await errorForMissingSessionOnceStored())
        case .fail(let error): throw error
        }
    }

    /// Ends the session after the server said so in an answer of `owner`, unless the machine says
    /// the verdict no longer reaches the session in memory (``SessionStateMachine/verdictEnds(for:)``):
    /// a newer sign-in or sign-out has taken over since a request was issued, or a refresh has replaced
    /// the token another stack's call was sent with (the next call, with the new token, hears the
    /// same verdict).
    func endAfterServerVerdict(reason: SignOutReason, owner: SessionStateMachine.AnswerOwner) async {
        guard machine.verdictEnds(for: owner) else { return }
        await endAfterServerVerdict(reason: reason)
    }
}

/// The part of the session a request reads to take its token, as the actor last published it.
struct SendLane: Sendable {
    var session: StoredSession? { didSet { hasSession = session != nil } }
    /// Whether there is a `session`, kept beside it: asked on every request (and of every fetched
    /// profile), it is read without touching the session's strings.
    private(set) var hasSession: Bool
    var generation: UInt64
    var refreshing: Bool
    var storeBehind: Bool

    init(session: StoredSession? = nil, generation: UInt64 = 0, refreshing: Bool = false, storeBehind: Bool = false) {
        self.session = session
        self.hasSession = session != nil
        self.generation = generation
        self.refreshing = refreshing
        self.storeBehind = storeBehind
    }
}

extension SessionEngine {
    /// Republishes the lane; called by the observers of `session`, `generation`, `flight` and
    /// `storeBehindSince`, in the same actor step as the change.
    func publishLane() {
        let published = SendLane(
            session: sessionGeneration == generation ? session : nil, generation: generation,
            refreshing: machine.flight != nil,
            storeBehind: storeBehindSince != nil)
        lane.withLock { $0 = published }
    }
}

/// The profile gate of an accepted answer, left to the caller that reads the answer itself
/// (``SessionEngine/sendLeavingProfileGate(_:)``), to settle with that reading
/// (``SessionEngine/settleProfileGate(_:of:isSuccess:)``).
package struct PendingProfileGate: Sendable {
    /// The generation the request was sent under: once its session has ended, the gate changes nothing.
    let generation: UInt64
    /// The request's path, for the gate.
    let path: String
}

/// What diagnostics record of one request while it runs.
struct RequestTrace {
    var status: Int?
    var retried = false
}
