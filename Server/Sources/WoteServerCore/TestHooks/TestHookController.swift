import Foundation
import Hummingbird

/// `/__test/**`, registered only with `--test-hooks`: counters, faults, reset, run-time config,
/// the server clock, banning or unlinking a member, the Apple stand-in's revocation record and the
/// redirect to the second listener. Answers are plain JSON, not envelopes. Every call needs the
/// secret given at start (`TestHookSecretMiddleware`).
struct TestHookController {
    let state: WoteState
    let counters: RequestCounters
    let faults: FaultBook
    let listeners: ListenerRegistry
    let apple: AppleStandIn

    func addRoutes(to router: Router<WoteRequestContext>) {
        let base = APIPaths.testHooks
        router.get(RouterPath(base + "/counters")) { _, _ in
            JSONResponse.make(await counters.snapshot())
        }
        router.post(RouterPath(base + "/reset")) { request, context in
            try await reset(request, context: context)
        }
        router.get(RouterPath(base + "/faults")) { _, _ in
            JSONResponse.make(FaultListDTO(faults: await faults.all))
        }
        router.post(RouterPath(base + "/faults")) { request, context in
            try await addFault(request, context: context)
        }
        router.delete(RouterPath(base + "/faults")) { _, _ in
            await faults.clear()
            return JSONResponse.make(FaultListDTO(faults: []))
        }
        router.get(RouterPath(base + "/config")) { _, _ in
            JSONResponse.make(ConfigDTO(await state.settings))
        }
        router.post(RouterPath(base + "/config")) { request, context in
            try await changeConfig(request, context: context)
        }
        router.get(RouterPath(base + "/clock")) { _, _ in
            await clock()
        }
        router.post(RouterPath(base + "/clock")) { request, context in
            try await advanceClock(request, context: context)
        }
        router.post(RouterPath(base + "/ban")) { request, context in
            try await ban(request, context: context)
        }
        router.post(RouterPath(base + "/unlink")) { request, context in
            try await unlink(request, context: context)
        }
        router.get(RouterPath(base + "/apple-revocations")) { _, _ in
            JSONResponse.make(AppleRevocationsDTO(revocations: await apple.revocations))
        }
        for method in [HTTPRequest.Method.get, .post, .put, .delete] {
            router.on(RouterPath(base + "/redirect"), method: method) { request, _ in
                try await redirect(request)
            }
        }
    }

    private func body<T: Decodable>(_ type: T.Type, _ request: Request, _ context: WoteRequestContext, empty: T? = nil) async throws -> T {
        let bytes = try await RequestBodyReader.bytes(of: request, context: context)
        if bytes.isEmpty, let empty { return empty }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw TestHookError("body is not a valid \(T.self): \(error)")
        }
    }

    private func reset(_ request: Request, context: WoteRequestContext) async throws -> Response {
        let body = try await body(ResetRequestDTO.self, request, context, empty: ResetRequestDTO())
        // A request still held by a fault's delay belongs to the test that set the fault.
        await counters.waitUntilIdle(atMost: .seconds(10))
        await counters.reset()
        await faults.clear()
        await state.reset(members: body.members ?? false)
        if body.members ?? false { await apple.reset() }
        return JSONResponse.make(["reset": true, "members": body.members ?? false])
    }

    private func addFault(_ request: Request, context: WoteRequestContext) async throws -> Response {
        let rule = try await body(FaultRule.self, request, context)
        if let problem = rule.problem { throw TestHookError(problem) }
        await faults.add(rule)
        return JSONResponse.make(FaultListDTO(faults: await faults.all))
    }

    private func changeConfig(_ request: Request, context: WoteRequestContext) async throws -> Response {
        let change = try await body(ConfigChangeDTO.self, request, context)
        for ttl in [change.accessTTL, change.refreshTTL].compactMap({ $0 }) where !(0.001...1e9).contains(ttl) {
            throw TestHookError("TTLs are seconds from 0.001 to 1e9")
        }
        if let grace = change.reuseGrace, !(0...1e9).contains(grace) {
            throw TestHookError("reuseGrace is seconds from 0 to 1e9")
        }
        let settings = await state.updateSettings { settings in
            if let strict = change.strictRotation { settings.refreshReuse = strict ? .strict : .lax }
            if let reuse = change.refreshReuse { settings.refreshReuse = reuse }
            if let grace = change.reuseGrace { settings.reuseGraceMilliseconds = Int64((grace * 1000).rounded()) }
            if let access = change.accessTTL { settings.accessTTLMilliseconds = Int64((access * 1000).rounded()) }
            if let refresh = change.refreshTTL { settings.refreshTTLMilliseconds = Int64((refresh * 1000).rounded()) }
            if let extensions = change.extensions { settings.extensions = extensions }
        }
        return JSONResponse.make(ConfigDTO(settings))
    }

    /// Bans a member by nickname: its tokens then answer 403 E018 and its posts leave the feed.
    private func ban(_ request: Request, context: WoteRequestContext) async throws -> Response {
        let body = try await body(BanRequestDTO.self, request, context)
        guard let memberID = await state.ban(nickname: body.nickname) else {
            throw TestHookError("no member has the nickname \(body.nickname)")
        }
        return JSONResponse.make(["banned": memberID])
    }

    /// Unlinks a member by nickname, as the provider's unlink notice would: its sessions end and its
    /// tokens answer X002.
    private func unlink(_ request: Request, context: WoteRequestContext) async throws -> Response {
        let body = try await body(BanRequestDTO.self, request, context)
        guard let memberID = await state.unlink(nickname: body.nickname) else {
            throw TestHookError("no member has the nickname \(body.nickname)")
        }
        return JSONResponse.make(["unlinked": memberID])
    }

    private func clock() async -> Response {
        JSONResponse.make(ClockDTO(nowMs: await state.nowMilliseconds(), offsetMs: await state.clockOffsetMilliseconds))
    }

    private func advanceClock(_ request: Request, context: WoteRequestContext) async throws -> Response {
        let body = try await body(ClockAdvanceDTO.self, request, context)
        guard body.advanceSeconds >= 0, body.advanceSeconds <= 1e9 else {
            throw TestHookError("advanceSeconds must be from 0 to 1e9; the clock only moves forward")
        }
        _ = await state.advanceClock(byMilliseconds: Int64((body.advanceSeconds * 1000).rounded()))
        return await clock()
    }

    /// The host part of a Host header: "localhost:8080" → "localhost", "[::1]:8080" → "::1".
    static func hostName(of authority: String?) -> String? {
        guard let authority, !authority.isEmpty else { return nil }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        return authority.split(separator: ":", maxSplits: 1).first.map(String.init)
    }

    /// `?to=/path` (default "/"), optional `status` (301, 302, 303, 307 or 308; default 307) and
    /// `host` (default: the host name the client used, from its Host header).
    private func redirect(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        let target = query["to"].map(String.init) ?? "/"
        guard target.hasPrefix("/"), !target.hasPrefix("//") else { throw TestHookError("to must be a path starting with /") }
        let status = Int(query["status"].map(String.init) ?? "307") ?? 0
        guard [301, 302, 303, 307, 308].contains(status) else { throw TestHookError("status must be 301, 302, 303, 307 or 308") }
        guard let port = await listeners.redirectPort else { throw TestHookError("the redirect target is not listening") }
        let boundHost = await listeners.host
        var host = query["host"].map(String.init) ?? Self.hostName(of: request.head.authority) ?? boundHost
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:".contains($0) }) else {
            throw TestHookError("host must be a host name or an IP address")
        }
        if host.contains(":") { host = "[\(host)]" }
        var response = JSONResponse.make(["redirect": "http://\(host):\(port)\(target)"], status: status)
        response.headers[.location] = "http://\(host):\(port)\(target)"
        return response
    }
}

/// A test hook call that cannot be done; answered with HTTP 400 `{"error": ...}`.
struct TestHookError: Error, HTTPResponseError {
    let message: String

    init(_ message: String) { self.message = message }

    var status: HTTPResponse.Status { .badRequest }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.make(TestHookErrorDTO(error: message), status: 400)
    }
}
