import Foundation
import Testing
import WoteDomain
import WoteRepository

/// §4.12: sign-up with the older envelope; every outcome the app must show.
@Suite struct AccountRepositoryTests {
    private func form(breaking field: SignUpField) -> SignUpForm {
        var form = Fixtures.validForm
        switch field {
        case .loginId: form.loginId = "ab!"
        case .password: form.password = "onlyletters"
        case .name: form.name = "   "
        case .email: form.email = "no-at-sign"
        case .phone: form.phone = "010 1234"
        }
        return form
    }

    @Test(arguments: SignUpField.allCases)
    func invalidField_failsNamingIt_withoutARequest(field: SignUpField) async throws {
        let remote = FakeRemoteDataSource {
            $0.signUp = .success(SignUpResponseDTO(httpStatus: 200, status: 200, success: true, message: "ok"))
        }
        let bad = form(breaking: field)
        let reason = try #require(bad.problem(with: field))
        await #expect(throws: WoteError.invalidField(field, reason: reason)) {
            try await WoteAccountRepository(remote: remote).signUp(bad)
        }
        #expect(remote.calls.isEmpty)
    }

    @Test func created_sendsEveryField() async throws {
        let remote = FakeRemoteDataSource {
            $0.signUp = .success(SignUpResponseDTO(httpStatus: 200, status: 200, success: true, message: "회원가입 성공"))
        }
        try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        #expect(
            remote.calls == [
                .signUp(
                    SignUpRequestDTO(
                        loginId: "wote01", password: "secret123", name: "김투표", email: "a@b.kr", phone: "010-1234-5678"))
            ])
    }

    @Test func refusedOnHttp200_isARejection_withTheServersMessageAsItIs() async {
        let remote = FakeRemoteDataSource {
            $0.signUp = .success(
                SignUpResponseDTO(httpStatus: 200, status: 200, success: false, message: "이미 사용 중인 아이디입니다."))
        }
        await #expect(throws: WoteError.rejected(code: nil, message: "이미 사용 중인 아이디입니다.")) {
            try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        }
    }

    @Test func http400_isAMalformedRequestRejection_withTheServersMessage() async {
        let remote = FakeRemoteDataSource {
            $0.signUp = .success(
                SignUpResponseDTO(httpStatus: 400, status: 400, success: false, message: "email is invalid"))
        }
        await #expect(throws: WoteError.rejected(code: "G001", message: "email is invalid")) {
            try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        }
    }

    @Test func http400_withoutMessage_isARejection_sayingTheRequestWasMalformed() async {
        let remote = FakeRemoteDataSource {
            $0.signUp = .success(SignUpResponseDTO(httpStatus: 400, status: 400, success: false, message: ""))
        }
        await #expect(throws: WoteError.rejected(code: "G001", message: "The sign-up request was malformed.")) {
            try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        }
    }

    @Test(arguments: [(500, 500), (200, 500), (503, 200)])
    func serverFailure_byHttpOrBodyStatus_isServerFailure(http: Int, status: Int) async {
        let remote = FakeRemoteDataSource {
            $0.signUp = .success(SignUpResponseDTO(httpStatus: http, status: status, success: false, message: "error"))
        }
        await #expect(throws: WoteError.serverFailure(status: max(http, status), code: nil, message: "error")) {
            try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        }
    }

    @Test func http500_withAnErrorPageInsteadOfTheEnvelope_isServerFailure() async {
        let malformed = MalformedResponse(httpStatus: 500, problem: .missingField("success"))
        let remote = FakeRemoteDataSource { $0.signUp = .failure(.malformed(malformed)) }
        await #expect(throws: WoteError.serverFailure(status: 500, code: nil, message: malformed.description)) {
            try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        }
    }

    @Test func unusableAnswerBelow500_isMalformed() async {
        let remote = FakeRemoteDataSource {
            $0.signUp = .failure(.malformed(MalformedResponse(httpStatus: 200, problem: .invalidJSON)))
        }
        await #expect(throws: WoteError.malformedResponse("HTTP 200: body is not valid JSON (truncated or garbled)")) {
            try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        }
    }

    @Test(arguments: [
        (APIError.network("offline"), WoteError.networkUnavailable("offline")), (.timeout, .timeout),
        (.cancelled, .cancelled),
    ])
    func transportFailures_map(error: APIError, expected: WoteError) async {
        let remote = FakeRemoteDataSource { $0.signUp = .failure(error) }
        await #expect(throws: expected) { try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm) }
        #expect(remote.calls.count == 1)
    }

    @Test func successTrue_withAFailingBodyStatus_isNotCreated() async {
        let remote = FakeRemoteDataSource {
            $0.signUp = .success(SignUpResponseDTO(httpStatus: 200, status: 409, success: true, message: "taken"))
        }
        await #expect(throws: WoteError.rejected(code: nil, message: "taken")) {
            try await WoteAccountRepository(remote: remote).signUp(Fixtures.validForm)
        }
    }
}
