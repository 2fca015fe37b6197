import Foundation
import Testing
import WoteDomain
import WoteRepository
import WoteWire

/// §4.4–§4.7 and §4.9: nickname check, profile setup, my profile, consumer type, device token.
@Suite struct ProfileRepositoryTests {
    let session = FakeSessionDataSource(state: .profileRequired)

    private func repository(_ remote: FakeRemoteDataSource) -> WoteProfileRepository {
        WoteProfileRepository(remote: remote, session: session)
    }

    private var nickname: Nickname { try! Nickname(validating: "투표왕") }

    // MARK: - Nickname check

    /// Expects the nickname check to throw `expected` when the server's answer is `answer`.
    private func expectNicknameCheck(
        answered answer: Result<ResponseEnvelope<NicknameCheckDTO>, APIError>, toThrow expected: WoteError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let remote = FakeRemoteDataSource { $0.checkNickname = answer }
        await #expect(throws: expected, sourceLocation: sourceLocation) {
            try await repository(remote).isNicknameAvailable(nickname)
        }
    }

    @Test func nicknameFree_isAvailable() async throws {
        let remote = FakeRemoteDataSource {
            $0.checkNickname = .success(Fixtures.ok(NicknameCheckDTO(isExist: false), message: "unique nickname"))
        }
        #expect(try await repository(remote).isNicknameAvailable(nickname) == true)
        #expect(remote.calls == [.checkNickname(NicknameRequestDTO(nickname: "투표왕"))])
    }

    @Test func nicknameTaken_http200_body409_isExistTrue_isUnavailable() async throws {
        let remote = FakeRemoteDataSource {
            $0.checkNickname = .success(
                Fixtures.failure(
                    http: 200, status: 409, code: nil, message: "duplicate nickname",
                    data: NicknameCheckDTO(isExist: true)))
        }
        #expect(try await repository(remote).isNicknameAvailable(nickname) == false)
    }

    @Test func body409_withoutData_isUnavailable() async throws {
        let remote = FakeRemoteDataSource {
            $0.checkNickname = .success(
                Fixtures.failure(http: 200, status: 409, code: nil, message: "duplicate nickname"))
        }
        #expect(try await repository(remote).isNicknameAvailable(nickname) == false)
    }

    @Test func isExistTrue_onA200Body_isUnavailable() async throws {
        let remote = FakeRemoteDataSource { $0.checkNickname = .success(Fixtures.ok(NicknameCheckDTO(isExist: true))) }
        #expect(try await repository(remote).isNicknameAvailable(nickname) == false)
    }

    @Test func successWithoutData_isMalformed() async {
        await expectNicknameCheck(
            answered: .success(Fixtures.ok(nil)),
            toThrow: WoteError.malformedResponse("HTTP 200: missing field `data.isExist`"))
    }

    @Test func g013_isARejection_withTheCode() async {
        await expectNicknameCheck(
            answered: .success(
                Fixtures.failure(http: 200, status: 404, code: .validationFailed, message: "invalid nickname")),
            toThrow: WoteError.rejected(code: "G013", message: "invalid nickname"))
    }

    @Test func nicknameCheck_offline_isNetworkUnavailable() async {
        await expectNicknameCheck(
            answered: .failure(.network("offline")), toThrow: WoteError.networkUnavailable("offline"))
    }

    @Test func nicknameCheck_serverFailure_isServerFailure_notTaken() async {
        await expectNicknameCheck(
            answered: .success(
                Fixtures.failure(http: 500, status: 500, code: .internalServerError, message: "boom")),
            toThrow: WoteError.serverFailure(status: 500, code: "G999", message: "boom"))
    }

    // MARK: - Profile setup

    private var draft: ProfileDraft {
        ProfileDraft(
            nickname: nickname, school: School(name: "부산고", region: .busan), imageJPEG: Data([0xFF, 0xD8, 0xFF]))
    }

    @Test func completeProfile_sendsTheDraft_andMarksTheProfileCompleted() async throws {
        let remote = FakeRemoteDataSource { $0.setUpProfile = .success(Fixtures.ok(message: "success")) }
        try await repository(remote).completeProfile(draft)
        #expect(
            remote.calls == [
                .setUpProfile(
                    ProfileRequestDTO(nickname: "투표왕", school: SchoolDTO(schoolName: "부산고", schoolRegion: "부산")),
                    imageJPEG: Data([0xFF, 0xD8, 0xFF]))
            ])
        #expect(session.profileCompletions == 1)
        #expect(session.currentState == .signedIn)
    }

    @Test func completeProfile_withoutImage_sendsNoImage() async throws {
        let remote = FakeRemoteDataSource { $0.setUpProfile = .success(Fixtures.ok()) }
        var draft = draft
        draft.imageJPEG = nil
        try await repository(remote).completeProfile(draft)
        #expect(remote.calls == [.setUpProfile(ProfileRequestDTO(draft), imageJPEG: nil)])
    }

    @Test(arguments: [
        (DivisionCode.nicknameInUse, 409, WoteError.nicknameTaken),
        (.schoolChangedRecently, 400, .rejected(code: "E017", message: "refused")),
        (.validationFailed, 404, .rejected(code: "G013", message: "refused")),
        (.memberNotFound, 404, .memberGone),
    ])
    func completeProfile_refused_mapsTheCode_andLeavesTheProfileIncomplete(
        code: DivisionCode, status: Int, expected: WoteError
    ) async {
        let remote = FakeRemoteDataSource {
            $0.setUpProfile = .success(Fixtures.failure(http: 200, status: status, code: code))
        }
        await #expect(throws: expected) { try await repository(remote).completeProfile(draft) }
        #expect(session.profileCompletions == 0)
        #expect(session.currentState == .profileRequired)
    }

    @Test func completeProfile_offline_leavesTheProfileIncomplete() async {
        let remote = FakeRemoteDataSource { $0.setUpProfile = .failure(.timeout) }
        await #expect(throws: WoteError.timeout) { try await repository(remote).completeProfile(draft) }
        #expect(session.profileCompletions == 0)
    }

    // MARK: - My profile

    @Test func fetchMyProfile_mapsTheProfile() async throws {
        let remote = FakeRemoteDataSource { $0.fetchMyProfile = .success(Fixtures.ok(Fixtures.profile)) }
        let user = try await repository(remote).fetchMyProfile()
        #expect(user.nickname == "투표왕")
        #expect(user.school == School(name: "서울고등학교", region: .seoul))
        #expect(user.consumerType == .flexer)
        #expect(user.canUpdateConsumerType == false)
        #expect(remote.calls == [.fetchMyProfile])
    }

    @Test func fetchMyProfile_withoutData_isMalformed() async {
        let remote = FakeRemoteDataSource { $0.fetchMyProfile = .success(Fixtures.ok(nil)) }
        await #expect(throws: WoteError.malformedResponse("HTTP 200: missing field `data`")) {
            try await repository(remote).fetchMyProfile()
        }
    }

    @Test func fetchMyProfile_withAnUnknownRegion_isMalformed_namingTheField() async {
        var profile = Fixtures.profile
        profile.school.schoolRegion = "Atlantis"
        let remote = FakeRemoteDataSource { $0.fetchMyProfile = .success(Fixtures.ok(profile)) }
        await #expect(
            throws: WoteError.malformedResponse("HTTP 200: field `data.school.schoolRegion` has the wrong type")
        ) {
            try await repository(remote).fetchMyProfile()
        }
    }

    @Test(arguments: [
        (DivisionCode.signUpNotCompleted, 400, WoteError.profileRequired), (.memberNotFound, 404, .memberGone),
        (.bannedMember, 403, .banned),
    ])
    func fetchMyProfile_refused_mapsTheCode(code: DivisionCode, status: Int, expected: WoteError) async {
        let remote = FakeRemoteDataSource {
            $0.fetchMyProfile = .success(Fixtures.failure(http: status, status: status, code: code))
        }
        await #expect(throws: expected) { try await repository(remote).fetchMyProfile() }
    }

    // MARK: - Consumer type

    @Test(arguments: ConsumerType.allCases)
    func setConsumerType_sendsTheServersName(type: ConsumerType) async throws {
        let remote = FakeRemoteDataSource { $0.setConsumerType = .success(Fixtures.ok()) }
        try await repository(remote).setConsumerType(type)
        #expect(remote.calls == [.setConsumerType(ConsumerTypeRequestDTO(consumerType: type.rawValue))])
    }

    @Test func setConsumerType_refused_mapsTheCode() async {
        let remote = FakeRemoteDataSource {
            $0.setConsumerType = .success(Fixtures.failure(http: 400, status: 400, code: .signUpNotCompleted))
        }
        await #expect(throws: WoteError.profileRequired) { try await repository(remote).setConsumerType(.adventurer) }
    }

    // MARK: - Device token

    @Test func registerDeviceToken_sendsTheHex() async throws {
        let remote = FakeRemoteDataSource { $0.registerDeviceToken = .success(Fixtures.ok()) }
        try await WoteDeviceRepository(remote: remote).registerDeviceToken(try DeviceToken(hex: "ABcd0123"))
        #expect(remote.calls == [.registerDeviceToken(DeviceTokenRequestDTO(deviceToken: "abcd0123"))])
    }

    @Test func registerDeviceToken_failures_map() async throws {
        let token = try DeviceToken(hex: "abcd")
        let offline = FakeRemoteDataSource { $0.registerDeviceToken = .failure(.network("offline")) }
        await #expect(throws: WoteError.networkUnavailable("offline")) {
            try await WoteDeviceRepository(remote: offline).registerDeviceToken(token)
        }
        let gated = FakeRemoteDataSource {
            $0.registerDeviceToken = .success(Fixtures.failure(http: 400, status: 400, code: .signUpNotCompleted))
        }
        await #expect(throws: WoteError.profileRequired) {
            try await WoteDeviceRepository(remote: gated).registerDeviceToken(token)
        }
    }
}
