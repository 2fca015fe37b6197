import Foundation
import Testing
import WoteData
import WoteKitTesting
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP client follows redirects itself, keeps the bearer on its origin, and maps transport
/// failures to ``APIError``.
@Suite struct HTTPClientTests {
    private let profile = WoteEndpoints.myProfile()

    @Test func redirectToAnotherHost_dropsAuthorization() async throws {
        let harness = RecordingHarness { request in
            request.url?.host == "api.wote.test"
                ? .response(status: 302, headers: ["Location": "https://evil.example/collect"], body: Data())
                : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
        let response = try await harness.client.send(profile, bearer: "secret-token")
        #expect(response.status == 200)
        let requests = harness.stub.requests
        try #require(requests.count == 2)
        #expect(requests[0].value(forHTTPHeaderField: "Authorization") == "Bearer secret-token")
        #expect(requests[1].url?.absoluteString == "https://evil.example/collect")
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test(arguments: ["http://api.wote.test/api/profiles", "https://api.wote.test:8443/api/profiles"])
    func redirectToAnotherSchemeOrPort_dropsAuthorization(_ location: String) async throws {
        let harness = RecordingHarness { request in
            request.url?.absoluteString == "https://api.wote.test/api/profiles"
                ? .response(status: 301, headers: ["Location": location], body: Data())
                : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
        _ = try await harness.client.send(profile, bearer: "secret-token")
        let requests = harness.stub.requests
        try #require(requests.count == 2)
        #expect(requests[1].url?.absoluteString == location)
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func sameOriginRedirect_keepsAuthorization_andResolvesRelativeLocation() async throws {
        let harness = RecordingHarness { request in
            request.url?.path == "/api/profiles"
                ? .response(status: 302, headers: ["Location": "/api/v2/profiles"], body: Data())
                : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
        _ = try await harness.client.send(profile, bearer: "secret-token")
        let requests = harness.stub.requests
        try #require(requests.count == 2)
        #expect(requests[1].url?.absoluteString == "https://api.wote.test/api/v2/profiles")
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == "Bearer secret-token")
    }

    @Test func redirect303_turnsPostIntoGet_withoutBodyOrContentType() async throws {
        let harness = RecordingHarness { request in
            request.url?.path == "/api/auth/logout"
                ? .response(status: 303, headers: ["Location": "/done"], body: Data())
                : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
        _ = try await harness.client.send(WoteEndpoints.logout(.init(deviceToken: "ab")), bearer: "tok")
        let requests = harness.stub.requests
        try #require(requests.count == 2)
        #expect(requests[0].httpMethod == "POST")
        #expect(requests[1].httpMethod == "GET")
        #expect(requests[1].httpBody == nil)
        #expect(requests[1].value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func redirect307_keepsMethodAndBody() async throws {
        let harness = RecordingHarness { request in
            request.url?.path == "/api/auth/logout"
                ? .response(status: 307, headers: ["Location": "/api/auth/logout2"], body: Data())
                : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
        _ = try await harness.client.send(WoteEndpoints.logout(.init(deviceToken: "ab")), bearer: "tok")
        let requests = harness.stub.requests
        try #require(requests.count == 2)
        #expect(requests[1].httpMethod == "POST")
        #expect(requests[1].bodyText == #"{"deviceToken":"ab"}"#)
        #expect(requests[1].value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test(arguments: [307, 308])
    func bodyKeepingRedirect_toAnotherOrigin_isNotFollowed_soThePasswordStaysHome(_ status: Int) async throws {
        let harness = RecordingHarness { request in
            request.url?.host == "api.wote.test"
                ? .response(status: status, headers: ["Location": "https://evil.example/steal"], body: Data())
                : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
        let signIn = WoteEndpoints.signIn(SignInRequestDTO(loginId: "wote01", password: "hunter2-secret"))
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: status, problem: .unexpectedRedirect))) {
            try await harness.client.send(signIn, bearer: nil)
        }
        #expect(harness.stub.requests.map { $0.url?.host } == ["api.wote.test"])
    }

    @Test func redirect303_toAnotherOrigin_isFollowedWithoutTheBody() async throws {
        let harness = RecordingHarness { request in
            request.url?.host == "api.wote.test"
                ? .response(status: 303, headers: ["Location": "https://elsewhere.example/done"], body: Data())
                : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
        let signIn = WoteEndpoints.signIn(SignInRequestDTO(loginId: "wote01", password: "hunter2-secret"))
        _ = try await harness.client.send(signIn, bearer: nil)
        let requests = harness.stub.requests
        try #require(requests.count == 2)
        #expect(requests[1].httpMethod == "GET")
        #expect(requests[1].httpBody == nil)
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://api.wote.test/profiles", "data:text/plain,hello"])
    func redirectToANonHTTPScheme_isNotFollowed(_ location: String) async throws {
        let harness = RecordingHarness(reply: .response(status: 302, headers: ["Location": location], body: Data()))
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: 302, problem: .unexpectedRedirect))) {
            try await harness.client.send(profile, bearer: "tok")
        }
        #expect(harness.stub.requests.count == 1)
    }

    @Test func baseURLWithoutAHost_neverCarriesTheBearer() async throws {
        let stub = StubTransport { _ in .json(200, #"{"status":200,"message":"SUCCESS"}"#) }
        let client = HTTPClient(baseURL: URL(fileURLWithPath: "/tmp/api"), transport: stub.transport)
        #expect(client.origin == nil)
        let request = client.urlRequest(for: profile, bearer: "secret-token")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func tooManyRedirects_isMalformedUnexpectedRedirect() async throws {
        let harness = RecordingHarness { _ in .response(status: 302, headers: ["Location": "/again"], body: Data()) }
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: 302, problem: .unexpectedRedirect))) {
            try await harness.client.send(profile, bearer: "tok")
        }
        // The first request and the five redirects followed.
        #expect(harness.stub.requests.count == 1 + harness.client.maximumRedirects)
    }

    @Test func redirectWithoutLocation_isReturnedAsIs() async throws {
        let harness = RecordingHarness(reply: .raw(302, "<html>moved</html>"))
        let response = try await harness.client.send(profile, bearer: "tok")
        #expect(response.status == 302)
        #expect(harness.stub.requests.count == 1)
    }

    @Test func urlErrorTimedOut_isTimeout() async throws {
        let harness = RecordingHarness { _ in throw URLError(.timedOut) }
        await #expect(throws: APIError.timeout) { try await harness.client.send(profile, bearer: nil) }
    }

    @Test(arguments: [URLError.Code.notConnectedToInternet, .cannotConnectToHost, .networkConnectionLost])
    func urlErrorWithoutAnswer_isNetwork(_ code: URLError.Code) async throws {
        let harness = RecordingHarness { _ in throw URLError(code) }
        await #expect(throws: APIError.network("URLError \(code.rawValue)")) {
            try await harness.client.send(profile, bearer: nil)
        }
    }

    @Test func cancellationError_isCancelled() async throws {
        let harness = RecordingHarness { _ in throw CancellationError() }
        await #expect(throws: APIError.cancelled) { try await harness.client.send(profile, bearer: nil) }
    }

    @Test func urlErrorCancelled_isCancelled() async throws {
        let harness = RecordingHarness { _ in throw URLError(.cancelled) }
        await #expect(throws: APIError.cancelled) { try await harness.client.send(profile, bearer: nil) }
    }

    @Test func transportErrors_keepTheirKind() async throws {
        let offline = RecordingHarness { _ in .failure(.network("connection reset")) }
        await #expect(throws: APIError.network("connection reset")) {
            try await offline.client.send(profile, bearer: nil)
        }
        let slow = RecordingHarness { _ in .failure(.timeout) }
        await #expect(throws: APIError.timeout) { try await slow.client.send(profile, bearer: nil) }
    }

    @Test func responseHeaders_areLowercased_andContentTypeIsExposed() async throws {
        let harness = RecordingHarness(reply: .json(200, #"{"status":200}"#, headers: ["X-Request-Id": "42"]))
        let response = try await harness.client.send(profile, bearer: nil)
        #expect(response.headers["x-request-id"] == "42")
        #expect(response.contentType == "application/json")
    }
}
