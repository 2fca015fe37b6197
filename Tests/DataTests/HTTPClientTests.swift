import Foundation
import Testing
import WoteContract
import WoteData
import WoteKitTesting
import WoteRepository
import WoteSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP client follows redirects itself, keeps the bearer on its origin, and maps transport
/// failures to ``APIError``.
@Suite struct HTTPClientTests {
    private let profile = WoteEndpoints.myProfile()

    /// A harness whose server answers the requests `isRedirected` picks with a `status` redirect to
    /// `location`, and every other request with success.
    private static func redirecting(
        _ status: Int, to location: String, when isRedirected: @escaping @Sendable (URLRequest) -> Bool
    ) -> RecordingHarness {
        RecordingHarness { request in
            isRedirected(request)
                ? .response(status: status, headers: ["Location": location], body: Data())
                : .json(200, #"{"status":200,"message":"SUCCESS"}"#)
        }
    }

    /// Headers go on in one assignment that checks nothing, so the client checks: a header that
    /// could break out of its line is left out (as URLSession's own setter does on Linux), and the
    /// bearer replaces any other spelling of `Authorization`.
    @Test func urlRequest_leavesOutMalformedHeaders_andTheBearerWinsOverAnyOtherSpelling() throws {
        let client = HTTPClient(
            baseURL: URL(string: "https://api.wote.test")!,
            transport: HTTPTransport { _ in throw TransportError.network("unused") })
        let endpoint = Endpoint(
            method: .post, path: "/api/things",
            headers: [
                "X-Good": "kept", "X-Bad": "a\r\nX-Injected: 1", "Bad Name": "v", "authorization": "Bearer forged",
            ],
            body: Data("{}".utf8), authorization: .bearer)

        let request = try #require(client.urlRequest(for: endpoint, bearer: "secret-token"))

        #expect(
            request.allHTTPHeaderFields
                == ["X-Good": "kept", "Accept": "application/json", "Authorization": "Bearer secret-token"])
        #expect(request.httpMethod == "POST")
        #expect(request.httpBody == Data("{}".utf8))
        #expect(request.timeoutInterval == 30)
        let broken = try #require(client.urlRequest(for: WoteEndpoints.myProfile(), bearer: "token\r\nX-Injected: 1"))
        #expect(broken.allHTTPHeaderFields == ["Accept": "application/json"])
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func redirectToAnotherOrigin_isNotTheAPIsAnswer_andNothingIsSentThere(_ status: Int) async throws {
        let harness = Self.redirecting(status, to: "https://evil.example/collect") { request in
            request.url?.host == "api.wote.test"
        }
        await #expect(
            throws: APIError.malformed(MalformedResponse(httpStatus: status, problem: .redirectToAnotherOrigin))
        ) {
            try await harness.client.send(profile, bearer: "secret-token")
        }
        #expect(harness.stub.requests.map { $0.url?.host } == ["api.wote.test"])
    }

    @Test func redirectToAnotherHost_whenOptedIn_dropsAuthorization() async throws {
        let harness = Self.redirecting(302, to: "https://evil.example/collect") { request in
            request.url?.host == "api.wote.test"
        }
        var optedIn = profile
        optedIn.followsRedirectsToOtherOrigins = true
        let response = try await harness.client.send(optedIn, bearer: "secret-token")
        #expect(response.status == 200)
        #expect(response.url?.absoluteString == "https://evil.example/collect")
        let requests = try harness.requests(expecting: 2)
        #expect(requests[0].value(forHTTPHeaderField: "Authorization") == "Bearer secret-token")
        #expect(requests[1].url?.absoluteString == "https://evil.example/collect")
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test(arguments: ["https://api.wote.test:8443/api/profiles"])
    func redirectToAnotherPort_whenOptedIn_dropsAuthorization(_ location: String) async throws {
        let harness = Self.redirecting(301, to: location) { request in
            request.url?.absoluteString == "https://api.wote.test/api/profiles"
        }
        var optedIn = profile
        optedIn.followsRedirectsToOtherOrigins = true
        _ = try await harness.client.send(optedIn, bearer: "secret-token")
        let requests = try harness.requests(expecting: 2)
        #expect(requests[1].url?.absoluteString == location)
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == nil)
    }

    /// Finding 12: a redirect down to plain http:// on a host that is not a loopback one is not
    /// followed, even when the endpoint follows redirects to other origins.
    @Test func finding12_redirectDownToPlainHTTP_isRefused_evenWhenOptedIn() async throws {
        let harness = Self.redirecting(301, to: "http://api.wote.test/api/profiles") { request in
            request.url?.absoluteString == "https://api.wote.test/api/profiles"
        }
        var optedIn = profile
        optedIn.followsRedirectsToOtherOrigins = true
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: 301, problem: .unexpectedRedirect))) {
            try await harness.client.send(optedIn, bearer: "secret-token")
        }
        _ = try harness.requests(expecting: 1)
    }

    @Test func sameOriginRedirect_keepsAuthorization_andResolvesRelativeLocation() async throws {
        let harness = Self.redirecting(302, to: "/api/v2/profiles") { request in request.url?.path == "/api/profiles" }
        _ = try await harness.client.send(profile, bearer: "secret-token")
        let requests = try harness.requests(expecting: 2)
        #expect(requests[1].url?.absoluteString == "https://api.wote.test/api/v2/profiles")
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == "Bearer secret-token")
    }

    /// 303 turns the logout's POST into a GET without body or content type; 307 keeps all three.
    @Test(arguments: [
        (status: 303, location: "/done", method: "GET", body: String?.none, contentType: String?.none),
        (
            status: 307, location: "/api/auth/logout2", method: "POST",
            body: #"{"deviceToken":"ab","refreshToken":"r"}"#,
            contentType: "application/json"
        ),
    ])
    func redirectOfAPost_keepsMethodAndBody_onlyWhenTheStatusSaysSo(
        status: Int, location: String, method: String, body: String?, contentType: String?
    ) async throws {
        let harness = Self.redirecting(status, to: location) { request in request.url?.path == "/api/auth/logout" }
        let logout = SessionContract.wote.logout!.endpoint(accessToken: "tok", refreshToken: "r", deviceToken: "ab")
        _ = try await harness.client.send(logout.endpoint, bearer: logout.bearer)
        let requests = try harness.requests(expecting: 2)
        #expect(requests[0].httpMethod == "POST")
        #expect(requests[1].httpMethod == method)
        #expect(requests[1].httpBody.map { String(decoding: $0, as: UTF8.self) } == body)
        #expect(requests[1].value(forHTTPHeaderField: "Content-Type") == contentType)
    }

    @Test(arguments: [307, 308])
    func bodyKeepingRedirect_toAnotherOrigin_isNotFollowed_soThePasswordStaysHome(_ status: Int) async throws {
        let harness = Self.redirecting(status, to: "https://evil.example/steal") { request in
            request.url?.host == "api.wote.test"
        }
        let signIn = WoteEndpoints.signIn(SignInRequestDTO(loginId: "wote01", password: "hunter2-secret"))
        await #expect(throws: APIError.malformed(MalformedResponse(httpStatus: status, problem: .unexpectedRedirect))) {
            try await harness.client.send(signIn, bearer: nil)
        }
        #expect(harness.stub.requests.map { $0.url?.host } == ["api.wote.test"])
    }

    @Test func redirect303_toAnotherOrigin_whenOptedIn_isFollowedWithoutTheBody() async throws {
        let harness = Self.redirecting(303, to: "https://elsewhere.example/done") { request in
            request.url?.host == "api.wote.test"
        }
        var signIn = WoteEndpoints.signIn(SignInRequestDTO(loginId: "wote01", password: "hunter2-secret"))
        signIn.followsRedirectsToOtherOrigins = true
        _ = try await harness.client.send(signIn, bearer: nil)
        let requests = try harness.requests(expecting: 2)
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
        let request = try #require(client.urlRequest(for: profile, bearer: "secret-token"))
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
