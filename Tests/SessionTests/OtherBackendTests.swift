import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A second backend, reached through configuration alone: `POST /users/reissue` with
/// `Authorization: Bearer <refreshToken>`, answering `{"msg", "result": {accessToken, refreshToken}}`,
/// 401 when the access token expired and 401 when the refresh token is invalid.
@Suite struct OtherBackendTests {
    private static let contract = SessionContract(
        refresh: RefreshCall(path: "/users/reissue", placement: .bearer) { answer, receivedAt in
            struct Body: Decodable {
                struct Result: Decodable {
                    var accessToken: String
                    var refreshToken: String
                }
                var msg: String
                var result: Result?
            }
            if answer.status == 401 { return .invalid(.sessionExpired) }
            guard answer.status == 200, let body = try? JSONDecoder().decode(Body.self, from: answer.body),
                let result = body.result
            else { return .transient(.malformedResponse("unreadable reissue answer")) }
            return .renewed(
                TokenPair(
                    accessToken: result.accessToken, refreshToken: result.refreshToken, accessTokenExpiresAt: nil,
                    refreshTokenExpiresAt: nil, receivedAt: receivedAt))
        },
        classify: { answer in answer.status == 401 ? .accessTokenRejected : .accepted })

    private final class Server: Sendable {
        let state = Locked((access: "a1", refresh: "r1", reissues: 0))

        func handle(_ request: URLRequest) -> StubTransport.Reply {
            let authorization = request.value(forHTTPHeaderField: "Authorization")
            return state.withLock { state in
                if request.url?.path == "/users/reissue" {
                    state.reissues += 1
                    guard authorization == "Bearer \(state.refresh)" else {
                        return .json(401, #"{"msg":"invalid refresh token"}"#)
                    }
                    state.access = "a\(state.reissues + 1)"
                    state.refresh = "r\(state.reissues + 1)"
                    return .json(
                        200,
                        #"{"msg":"ok","result":{"accessToken":"\#(state.access)","refreshToken":"\#(state.refresh)"}}"#)
                }
                guard authorization == "Bearer \(state.access)" else { return .json(401, #"{"msg":"expired"}"#) }
                return .json(200, #"{"msg":"ok"}"#)
            }
        }
    }

    private func makeEngine(_ server: Server) -> (SessionEngine, StubTransport) {
        let stub = StubTransport { server.handle($0) }
        let engine = SessionEngine(
            client: HTTPClient(baseURL: URL(string: "https://other.test")!, transport: stub.transport),
            storage: TestTokenStorage(), clock: TestClock().clock,
            configuration: SessionConfiguration(contract: Self.contract))
        return (engine, stub)
    }

    private let me = Endpoint(method: .get, path: "/users/me", authorization: .bearer)

    @Test func expiredAccessToken_isReissued_withTheRefreshTokenAsBearer() async throws {
        let server = Server()
        let (engine, stub) = makeEngine(server)
        let stale = TokenPair(
            accessToken: "a0", refreshToken: "r1", accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
            receivedAt: Date())
        _ = try await engine.begin(StoredSession(tokens: stale, profileCompleted: true), persist: true)

        let response = try await engine.send(me)

        #expect(response.status == 200)
        #expect(server.state.current.reissues == 1)
        let reissue = try #require(stub.requests(path: "/users/reissue").first)
        #expect(reissue.value(forHTTPHeaderField: "Authorization") == "Bearer r1")
        #expect(reissue.httpMethod == "POST")
        #expect(await engine.snapshot().tokens?.accessToken == "a2")
    }

    @Test func invalidRefreshToken_401_endsTheSession() async throws {
        let server = Server()
        let (engine, _) = makeEngine(server)
        let dead = TokenPair(
            accessToken: "a0", refreshToken: "nope", accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
            receivedAt: Date())
        _ = try await engine.begin(StoredSession(tokens: dead, profileCompleted: true), persist: true)

        await #expect(throws: APIError.session(.sessionExpired)) { try await engine.send(me) }
        #expect(await engine.snapshot().state == .signedOut(.sessionExpired))
    }
}
