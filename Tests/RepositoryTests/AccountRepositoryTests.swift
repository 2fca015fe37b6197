import Foundation
import Testing
import WoteDomain
import WoteRepository
import WoteWire

/// §4.12: sign-up with the older envelope; every outcome the app must show.
@Suite struct AccountRepositoryTests {
    private func signUp(answer: Result<SignUpResponseDTO, APIError>) async throws -> (
        SignUpOutcome, FakeRemoteDataSource
    ) {
        let remote = FakeRemoteDataSource { $0.signUp = answer }
        let outcome = try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        return (outcome, remote)
    }

    @Test func created_sendsEveryField() async throws {
        let (outcome, remote) = try await signUp(
            answer: .success(SignUpResponseDTO(httpStatus: 200, status: 200, success: true, message: "회원가입 성공")))
        #expect(outcome == .created)
        #expect(
            remote.calls == [
                .signUp(
                    SignUpRequestDTO(
                        loginId: "wote01", password: "secret123", name: "김투표", email: "a@b.kr", phone: "010-1234-5678"))
            ])
    }

    @Test func refusedOnHttp200_isARefusal_withTheServersMessageAsItIs() async throws {
        let (outcome, _) = try await signUp(
            answer: .success(
                SignUpResponseDTO(httpStatus: 200, status: 200, success: false, message: "이미 사용 중인 아이디입니다.")))
        #expect(outcome == .refused(message: "이미 사용 중인 아이디입니다."))
    }

    @Test func http400_isAMalformedRequest_withTheServersMessage() async throws {
        let (outcome, _) = try await signUp(
            answer: .success(
                SignUpResponseDTO(httpStatus: 400, status: 400, success: false, message: "email is invalid")))
        #expect(outcome == .malformedRequest(message: "email is invalid"))
    }

    @Test func http400_withoutMessage_isAMalformedRequest_thatStillSaysSomething() async throws {
        let (outcome, _) = try await signUp(
            answer: .success(SignUpResponseDTO(httpStatus: 400, status: 400, success: false, message: "")))
        #expect(outcome == .malformedRequest(message: ""))
        #expect(!outcome.message.isEmpty)
    }

    @Test(arguments: [(500, 500), (200, 500), (503, 200)])
    func serverFailure_byHttpOrBodyStatus_isServerFailure(http: Int, status: Int) async throws {
        let (outcome, _) = try await signUp(
            answer: .success(SignUpResponseDTO(httpStatus: http, status: status, success: false, message: "error")))
        #expect(outcome == .serverFailure(.serverFailure(status: max(http, status), code: nil, message: "error")))
    }

    @Test func http500_withAnErrorPageInsteadOfTheEnvelope_isServerFailure() async throws {
        let malformed = MalformedResponse(httpStatus: 500, problem: .missingField("success"))
        let (outcome, _) = try await signUp(answer: .failure(.malformed(malformed)))
        #expect(outcome == .serverFailure(.serverFailure(status: 500, code: nil, message: malformed.description)))
    }

    @Test func unusableAnswerBelow500_isAServerFailure_sayingTheAnswerWasMalformed() async throws {
        let (outcome, _) = try await signUp(
            answer: .failure(.malformed(MalformedResponse(httpStatus: 200, problem: .invalidJSON))))
        #expect(
            outcome == .serverFailure(.malformedResponse("HTTP 200: body is not valid JSON (truncated or garbled)")))
    }

    @Test(arguments: [
        (APIError.network("offline"), SignUpOutcome.networkUnavailable(.networkUnavailable("offline"))),
        (.timeout, .networkUnavailable(.timeout)),
    ])
    func transportFailures_areNetworkOutcomes(error: APIError, expected: SignUpOutcome) async throws {
        let (outcome, remote) = try await signUp(answer: .failure(error))
        #expect(outcome == expected)
        #expect(remote.calls.count == 1)
    }

    @Test func cancellation_isThrown() async {
        let remote = FakeRemoteDataSource { $0.signUp = .failure(.cancelled) }
        await #expect(throws: WoteError.cancelled) {
            try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        }
    }

    @Test func successTrue_withAFailingBodyStatus_isNotCreated() async throws {
        let (outcome, _) = try await signUp(
            answer: .success(SignUpResponseDTO(httpStatus: 200, status: 409, success: true, message: "taken")))
        #expect(outcome == .refused(message: "taken"))
    }
}
