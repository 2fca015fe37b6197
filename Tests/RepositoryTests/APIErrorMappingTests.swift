import Testing
import WoteDomain
import WoteRepository
import WoteWire

@Suite struct APIErrorMappingTests {
    @Test(arguments: [
        (APIError.network("connection refused"), WoteError.networkUnavailable("connection refused")),
        (.timeout, .timeout),
        (.cancelled, .cancelled),
        (.session(.sessionExpired), .sessionExpired),
        (.session(.notSignedIn), .notSignedIn),
        (.session(.storageFailure("disk full")), .storageFailure("disk full")),
        (.session(.tooManyRefreshes), .tooManyRefreshes),
    ])
    func transportAndSessionFailures_keepTheirKind(error: APIError, expected: WoteError) {
        #expect(error.toDomain() == expected)
    }

    @Test(arguments: [
        (MalformedResponse.Problem.emptyBody, "HTTP 502: empty body"),
        (.notJSON(contentType: "text/html"), "HTTP 502: body is not JSON (content type text/html)"),
        (.invalidJSON, "HTTP 502: body is not valid JSON (truncated or garbled)"),
        (.missingField("status"), "HTTP 502: missing field `status`"),
        (.wrongType(field: "data.isExist"), "HTTP 502: field `data.isExist` has the wrong type"),
        (.tooLarge(bytes: 9_000_000), "HTTP 502: body too large (9000000 bytes)"),
    ])
    func malformedAnswers_becomeMalformedResponse_sayingWhatWasWrong(
        problem: MalformedResponse.Problem, text: String
    ) {
        let error = APIError.malformed(MalformedResponse(httpStatus: 502, problem: problem))
        #expect(error.toDomain() == .malformedResponse(text))
    }

    @Test(arguments: [
        MalformedResponse.Problem.notJSON(contentType: "text/html"), .unexpectedRedirect, .emptyBody,
    ])
    func loginAnsweredByAPageOrRedirect_below500_isARefusedSignIn(problem: MalformedResponse.Problem) {
        for status in [200, 302, 401, 403, 499] {
            let error = APIError.malformed(MalformedResponse(httpStatus: status, problem: problem))
            #expect(error.toLoginError() == .rejected(code: nil, message: "The sign-in was refused by the server."))
        }
    }

    @Test(arguments: [
        MalformedResponse.Problem.notJSON(contentType: "text/html"), .unexpectedRedirect, .emptyBody,
    ])
    func loginAnsweredByAPage_from500_staysMalformed(problem: MalformedResponse.Problem) {
        let malformed = MalformedResponse(httpStatus: 502, problem: problem)
        #expect(APIError.malformed(malformed).toLoginError() == .malformedResponse(malformed.description))
    }

    @Test(arguments: [
        MalformedResponse.Problem.invalidJSON, .notAnObject, .missingField("status"), .wrongType(field: "status"),
        .tooLarge(bytes: 9_000_000),
    ])
    func loginWithABrokenJSONAnswer_staysMalformed(problem: MalformedResponse.Problem) {
        let malformed = MalformedResponse(httpStatus: 200, problem: problem)
        #expect(APIError.malformed(malformed).toLoginError() == .malformedResponse(malformed.description))
    }

    @Test func loginTransportFailures_mapAsEverywhere() {
        #expect(APIError.network("offline").toLoginError() == .networkUnavailable("offline"))
        #expect(APIError.timeout.toLoginError() == .timeout)
        #expect(APIError.cancelled.toLoginError() == .cancelled)
    }

    @Test(arguments: [500, 502, 599])
    func errorPageFrom500Up_isServerFailure_whereTheEndpointAnswersFailuresSo(_ status: Int) {
        let malformed = MalformedResponse(httpStatus: status, problem: .notJSON(contentType: "text/html"))
        #expect(
            APIError.malformed(malformed).toDomainCountingErrorPagesAsServerFailures()
                == .serverFailure(status: status, code: nil, message: malformed.description))
    }

    @Test(arguments: [
        APIError.malformed(MalformedResponse(httpStatus: 499, problem: .emptyBody)), .timeout, .network("x"),
    ])
    func otherFailures_mapAsEverywhere_whereErrorPagesCountAsServerFailures(_ error: APIError) {
        #expect(error.toDomainCountingErrorPagesAsServerFailures() == error.toDomain())
    }
}
