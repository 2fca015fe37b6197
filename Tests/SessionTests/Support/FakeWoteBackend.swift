import Foundation
import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small in-memory Wote server behind the stub transport: it rotates tokens on refresh, rejects
/// superseded access tokens with 401 E006 and answers E016 for unknown refresh tokens (§4.2).
final class FakeWoteBackend: Sendable {
    struct State {
        var validAccess: [String: Date] = [:]
        var validRefresh: Set<String> = []
        var issued = 0
        var refreshCalls = 0
        var authorizationOnRefresh = 0
        var refreshBodies: [String] = []
        var profileRequests = 0
        /// Scripted answers for the next refresh calls, used before normal behaviour.
        var refreshScript: [StubTransport.Reply] = []
        /// Scripted answers for the next protected requests, used before normal behaviour.
        var protectedScript: [StubTransport.Reply] = []
        /// The `Authorization` header and body of every logout call, in order.
        var logoutCalls: [(authorization: String?, body: String)] = []
        /// Scripted answers for the next logout calls, used before normal behaviour.
        var logoutScript: [StubTransport.Reply] = []

        /// Issues the next numbered pair and accepts its tokens: the access token until `expiry`.
        mutating func issue(validUntil expiry: Date) -> (access: String, refresh: String) {
            issued += 1
            let access = "access-\(issued)"
            let refresh = "refresh-\(issued)"
            validAccess[access] = expiry
            validRefresh.insert(refresh)
            return (access, refresh)
        }
    }

    let clock: TestClock
    let accessLifetime: TimeInterval
    let refreshLifetime: TimeInterval
    let state = Locked(State())
    /// When set, every refresh call waits for it before answering.
    let refreshGate = Locked<Latch?>(nil)
    /// Opened when a refresh call arrives.
    let refreshArrived = Latch()

    let stub: StubTransport

    init(clock: TestClock, accessLifetime: TimeInterval = 600, refreshLifetime: TimeInterval = 86_400) {
        let owner = WeakBackend()
        self.clock = clock
        self.accessLifetime = accessLifetime
        self.refreshLifetime = refreshLifetime
        self.stub = StubTransport { request in
            guard let backend = owner.value else { return .failure(.network("backend gone")) }
            return try await backend.handle(request)
        }
        owner.value = self
    }

    var refreshCalls: Int { state.current.refreshCalls }

    /// Issues a valid pair as login would.
    func issuePair() -> TokenPair {
        let now = clock.now
        let (access, refresh) = state.withLock { $0.issue(validUntil: now.addingTimeInterval(accessLifetime)) }
        return TokenPair(
            accessToken: access, refreshToken: refresh,
            accessTokenExpiresAt: now.addingTimeInterval(accessLifetime),
            refreshTokenExpiresAt: now.addingTimeInterval(refreshLifetime), receivedAt: now)
    }

    func handle(_ request: URLRequest) async throws -> StubTransport.Reply {
        switch request.url?.path {
        case "/api/auth/refresh": return await handleRefresh(request)
        case "/api/auth/logout": return handleLogout(request)
        default: return handleProtected(request)
        }
    }

    private func handleRefresh(_ request: URLRequest) async -> StubTransport.Reply {
        let scripted = state.withLock { state -> StubTransport.Reply? in
            state.refreshCalls += 1
            if request.value(forHTTPHeaderField: "Authorization") != nil { state.authorizationOnRefresh += 1 }
            state.refreshBodies.append(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            return state.refreshScript.isEmpty ? nil : state.refreshScript.removeFirst()
        }
        await refreshArrived.open()
        if let gate = refreshGate.current { await gate.wait() }
        if let scripted { return scripted }
        let body = (try? JSONSerialization.jsonObject(with: request.httpBody ?? Data())) as? [String: String]
        let presented = body?["refreshToken"] ?? ""
        let now = clock.now
        let rotated = state.withLock { state -> (String, String)? in
            guard state.validRefresh.remove(presented) != nil else { return nil }
            state.validAccess.removeAll()
            return state.issue(validUntil: now.addingTimeInterval(accessLifetime))
        }
        guard let (access, refresh) = rotated else {
            return .json(200, #"{"status":401,"divisionCode":"E016","message":"Invalid refresh token"}"#)
        }
        let accessMillis = Int64((now.timeIntervalSince1970 + accessLifetime) * 1000)
        let refreshMillis = Int64((now.timeIntervalSince1970 + refreshLifetime) * 1000)
        return .json(
            200,
            #"{"status":200,"message":"token renew success.","data":{"accessToken":"\#(access)","accessExpirationTime":\#(accessMillis),"refreshToken":"\#(refresh)","refreshExpirationTime":\#(refreshMillis)}}"#
        )
    }

    /// §4.3: bans the access token, whatever the body says.
    private func handleLogout(_ request: URLRequest) -> StubTransport.Reply {
        let now = clock.now
        let header = request.value(forHTTPHeaderField: "Authorization")
        return state.withLock { state in
            state.logoutCalls.append((header, String(decoding: request.httpBody ?? Data(), as: UTF8.self)))
            if !state.logoutScript.isEmpty { return state.logoutScript.removeFirst() }
            let token = header.map { String($0.dropFirst("Bearer ".count)) } ?? ""
            guard let expiry = state.validAccess[token], expiry > now else {
                return .json(401, #"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#)
            }
            state.validAccess[token] = nil
            return .json(200, #"{"status":200,"message":"logout success."}"#)
        }
    }

    private func handleProtected(_ request: URLRequest) -> StubTransport.Reply {
        let now = clock.now
        let header = request.value(forHTTPHeaderField: "Authorization") ?? ""
        return state.withLock { state in
            state.profileRequests += 1
            if !state.protectedScript.isEmpty { return state.protectedScript.removeFirst() }
            guard header.hasPrefix("Bearer "), let expiry = state.validAccess[String(header.dropFirst(7))],
                expiry > now
            else {
                return .json(401, #"{"status":401,"divisionCode":"E006","message":"Expired JWT"}"#)
            }
            return .json(200, #"{"status":200,"message":"SUCCESS","data":{"ok":true}}"#)
        }
    }
}

private final class WeakBackend: @unchecked Sendable {
    weak var value: FakeWoteBackend?
}
