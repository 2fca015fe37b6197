import Foundation
import WoteData
import WoteDomain
import WoteLocked
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension FakeWoteServer {
    /// One exchange: the path's fault first, then the contract's answer.
    func exchange(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let path = request.url?.path ?? ""
        return try await exchange(request, meeting: state.withLock { $0.takeFault(for: path) })
    }

    /// One exchange meeting `fault` (none when `nil`), then the contract's answer.
    func exchange(_ request: URLRequest, meeting fault: Fault?) async throws -> (Data, URLResponse) {
        let path = request.url?.path ?? ""
        var losesAnswer = false
        switch fault {
        case .drop:
            record(request, .noAnswer)
            throw TransportError.network("FakeWoteServer: the connection dropped")
        case .delay(let duration):
            do {
                try await Task.sleep(for: duration)
            } catch {
                record(request, .cancelled)
                throw error
            }
        case .hold(let gate):
            await gate.pass()
            if Task.isCancelled {
                record(request, .cancelled)
                throw CancellationError()
            }
        case .loseAnswer:
            losesAnswer = true
        case .serverError(let status):
            return try finish(request, Self.failure(status, status, .internalServerError, "Internal Server Error"))
        case .htmlPage(let status):
            return try finish(
                request,
                .raw(status, "<html><head><title>\(status)</title></head><body>Bad Gateway</body></html>"))
        case .retryAfter(let seconds, let status):
            let body = WireEnvelope(status: status, divisionCode: .internalServerError, message: "Try again later").json
            return try finish(request, .json(status, body, headers: ["Retry-After": "\(seconds)"]))
        case .answer(let reply):
            return try finish(request, reply)
        case nil:
            break
        }
        let reply = try await answer(request, path: path)
        if losesAnswer {
            record(request, .noAnswer)
            throw TransportError.network("FakeWoteServer: the answer was lost")
        }
        return try finish(request, reply)
    }

    private func finish(_ request: URLRequest, _ reply: Reply) throws -> (Data, URLResponse) {
        switch reply {
        case .failure(let error):
            record(request, .noAnswer)
            throw error
        case .response(let status, var headers, let body):
            if !headers.keys.contains(where: { $0.lowercased() == "date" }) {
                headers["Date"] = Self.httpDate(serverTime)
            }
            let code = (try? JSONDecoder().decode(CodeOnly.self, from: body))?.divisionCode
            record(request, .answered(status: status, divisionCode: code))
            let url = request.url ?? Self.baseURL
            guard
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { throw TransportError.network("FakeWoteServer: no response for \(url)") }
            return (body, response)
        }
    }

    private func record(_ request: URLRequest, _ outcome: LoggedRequest.Outcome) {
        let authorization = request.value(forHTTPHeaderField: "Authorization")
        let bearer = authorization.flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let entry = LoggedRequest(
            request: request, method: request.httpMethod ?? "GET", path: request.url?.path ?? "", bearer: bearer,
            outcome: outcome)
        state.withLock { $0.log.append(entry) }
    }

    private struct CodeOnly: Decodable { var divisionCode: String? }

    // MARK: Routing

    private func answer(_ request: URLRequest, path: String) async throws -> Reply {
        let now = serverTime
        switch (request.httpMethod ?? "GET", path) {
        case ("POST", "/login/oauth2/code/kakao"), ("POST", "/login/oauth2/code/apple"):
            return state.withLock { $0.socialLogin(request, at: now) }
        case ("POST", "/api/auth/signin"):
            return state.withLock { $0.passwordSignIn(request, at: now) }
        case ("POST", "/api/auth/signup"):
            return state.withLock { $0.signUp(request) }
        case ("POST", Self.refreshPath):
            return state.withLock { $0.refresh(request, at: now) }
        case ("POST", "/api/auth/logout"):
            return state.withLock { $0.logout(request, at: now) }
        case ("POST", "/api/profiles/isValidNickname"):
            return state.withLock { $0.checkNickname(request) }
        case ("GET", "/api/profiles"):
            return state.withLock { $0.myProfile(request, at: now) }
        case ("POST", "/api/profiles"):
            return state.withLock { $0.setUpProfile(request, at: now) }
        case ("PUT", "/api/profiles/consumerType"):
            return state.withLock { $0.setConsumerType(request, at: now) }
        case ("DELETE", "/api/members"):
            return state.withLock { $0.withdraw(request, at: now) }
        case ("POST", "/api/notifications/tokens"):
            return state.withLock { state in
                switch state.authorize(request, at: now) {
                case .failure(let refusal): refusal.reply
                case .success: Self.success("success")
                }
            }
        default:
            let authorization: Result<String?, Refusal> = state.withLock { state in
                guard request.value(forHTTPHeaderField: "Authorization") != nil else { return .success(nil) }
                return state.authorize(request, at: now).map { Optional($0) }
            }
            switch authorization {
            case .failure(let refusal):
                return refusal.reply
            case .success(let member):
                guard let handler = state.current.appHandler else { return Self.success("SUCCESS") }
                return try await handler(AppCall(request: request, member: member))
            }
        }
    }

    // MARK: Helpers

    /// `{"status":200,"message":<message>}` on HTTP 200.
    static func success(_ message: String) -> Reply {
        .json(200, WireEnvelope(status: 200, message: message).json)
    }

    /// An error envelope on HTTP `http`, with the body's `status`, code and message.
    static func failure(_ http: Int, _ status: Int, _ code: DivisionCode, _ message: String) -> Reply {
        .json(http, WireEnvelope(status: status, divisionCode: code, message: message).json)
    }

    /// `date` as an HTTP date (`Tue, 14 Nov 2023 22:13:20 GMT`).
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// A refusal of a request, carried as an error through the server's checks.
struct Refusal: Error {
    var reply: StubTransport.Reply
}
