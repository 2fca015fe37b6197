import Foundation
import Testing
import WoteDomain
import WoteKitTesting
import WoteUseCases

@Suite struct ProfileUseCaseTests {
    private let school = School(name: "Wote High", region: .seoul)

    // MARK: Check nickname

    @Test(arguments: [
        ("", NicknameViolation.empty),
        ("가", .tooShort(minimum: 2)),
        ("가나다라마바사아자차카", .tooLong(maximum: 10)),
        ("투표 왕", .containsWhitespace),
        ("wote!", .invalidCharacter("!")),
    ])
    func checkNickname_returnsInvalid_withoutAskingServer_whenRuleIsBroken(
        _ text: String, _ violation: NicknameViolation
    ) async throws {
        let profiles = InMemoryProfileRepository()

        let result = try await CheckNicknameUseCase(profiles: profiles)(text)

        #expect(result == .invalid(violation))
        #expect(profiles.checkedNicknames.isEmpty)
    }

    @Test func checkNickname_returnsAvailable_whenServerHasItFree() async throws {
        let profiles = InMemoryProfileRepository(takenNicknames: ["다른사람"])

        let result = try await CheckNicknameUseCase(profiles: profiles)("투표왕")

        #expect(result == .available(try Nickname(validating: "투표왕")))
        #expect(profiles.checkedNicknames.map(\.value) == ["투표왕"])
    }

    @Test func checkNickname_returnsTaken_whenSomeoneUsesIt() async throws {
        let profiles = InMemoryProfileRepository(takenNicknames: ["투표왕"])

        #expect(try await CheckNicknameUseCase(profiles: profiles)("투표왕") == .taken)
    }

    @Test func checkNickname_sendsNormalisedNickname() async throws {
        let profiles = InMemoryProfileRepository()
        let decomposed = "\u{1100}\u{1161}\u{1100}\u{1161}"

        let result = try await CheckNicknameUseCase(profiles: profiles)(decomposed)

        #expect(result == .available(try Nickname(validating: "가가")))
        #expect(profiles.checkedNicknames.map(\.value) == ["가가"])
    }

    @Test func checkNickname_passesServerFailure() async {
        let profiles = InMemoryProfileRepository()
        profiles.fail(.checkNickname, with: .timeout)

        await #expect(throws: WoteError.timeout) {
            try await CheckNicknameUseCase(profiles: profiles)("투표왕")
        }
    }

    // MARK: Complete profile

    @Test func completeProfile_sendsTrimmedDraft_andSignsPersonIn() async throws {
        let auth = InMemoryAuthRepository(defaultSignInResult: .success(.profileRequired))
        _ = try await auth.signIn(with: .kakao(authorizationCode: "c"), remember: true)
        let profiles = InMemoryProfileRepository(auth: auth)
        let image = Data([0xFF, 0xD8, 0xFF])

        try await CompleteProfileUseCase(profiles: profiles)(
            nickname: "투표왕", schoolName: "  Wote High \n", region: .seoul, imageJPEG: image)

        let expected = ProfileDraft(nickname: try Nickname(validating: "투표왕"), school: school, imageJPEG: image)
        #expect(profiles.completedDrafts == [expected])
        #expect(profiles.profile?.nickname == "투표왕")
        #expect(auth.session.state == .signedIn)
        #expect(auth.storedState == .signedIn)
    }

    @Test func completeProfile_throwsInvalidNickname_beforeAnyRequest() async {
        let profiles = InMemoryProfileRepository()

        await #expect(throws: WoteError.invalidNickname(.containsWhitespace)) {
            try await CompleteProfileUseCase(profiles: profiles)(
                nickname: "투표 왕", schoolName: "Wote High", region: .busan)
        }
        #expect(profiles.completedDrafts.isEmpty)
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func completeProfile_throwsInvalidArgument_forBlankSchoolName_beforeAnyRequest(_ schoolName: String) async {
        let profiles = InMemoryProfileRepository()

        await #expect(throws: WoteError.invalidArgument(name: "school name", reason: "Enter your school's name.")) {
            try await CompleteProfileUseCase(profiles: profiles)(
                nickname: "투표왕", schoolName: schoolName, region: .busan)
        }
        #expect(profiles.completedDrafts.isEmpty)
    }

    @Test func completeProfile_throwsNicknameTaken_whenSomeoneTookItMeanwhile() async {
        let auth = InMemoryAuthRepository(defaultSignInResult: .success(.profileRequired))
        let profiles = InMemoryProfileRepository(takenNicknames: ["투표왕"], auth: auth)

        await #expect(throws: WoteError.nicknameTaken) {
            try await CompleteProfileUseCase(profiles: profiles)(
                nickname: "투표왕", schoolName: "Wote High", region: .seoul)
        }
        #expect(profiles.profile == nil)
    }

    // MARK: My profile and consumer type

    @Test func fetchMyProfile_returnsStoredProfile() async throws {
        let user = User(nickname: "투표왕", school: school, consumerType: .flexer)
        let profiles = InMemoryProfileRepository(profile: user)

        #expect(try await FetchMyProfileUseCase(profiles: profiles)() == user)
    }

    @Test func fetchMyProfile_passesFailure() async {
        let profiles = InMemoryProfileRepository(profile: User(nickname: "투표왕", school: school))
        profiles.fail(.fetchMyProfile, with: .sessionExpired)

        await #expect(throws: WoteError.sessionExpired) {
            try await FetchMyProfileUseCase(profiles: profiles)()
        }
    }

    @Test func setConsumerType_updatesProfile() async throws {
        let profiles = InMemoryProfileRepository(profile: User(nickname: "투표왕", school: school))

        try await SetConsumerTypeUseCase(profiles: profiles)(.budgetKeeper)

        #expect(profiles.consumerTypeUpdates == [.budgetKeeper])
        #expect(profiles.profile?.consumerType == .budgetKeeper)
    }

    @Test func setConsumerType_passesFailure() async {
        let profiles = InMemoryProfileRepository(profile: User(nickname: "투표왕", school: school))
        profiles.fail(.setConsumerType, with: .serverFailure(status: 500, code: "G999", message: "boom"))

        await #expect(throws: WoteError.serverFailure(status: 500, code: "G999", message: "boom")) {
            try await SetConsumerTypeUseCase(profiles: profiles)(.flexer)
        }
        #expect(profiles.profile?.consumerType == nil)
    }

    // MARK: Device token

    @Test func registerDeviceToken_registersHexToken_inLowercase() async throws {
        let devices = InMemoryDeviceRepository()

        try await RegisterDeviceTokenUseCase(devices: devices)(hex: "0A1B2C")

        #expect(devices.registeredTokens.map(\.hex) == ["0a1b2c"])
    }

    @Test func registerDeviceToken_registersTokenFromBytes() async throws {
        let devices = InMemoryDeviceRepository()

        try await RegisterDeviceTokenUseCase(devices: devices)(DeviceToken(bytes: Data([0xDE, 0xAD])))

        #expect(devices.registeredTokens.map(\.hex) == ["dead"])
    }

    @Test(arguments: ["", "abc", "zz", "12 34"])
    func registerDeviceToken_throwsInvalidArgument_beforeAnyRequest_whenNotHex(_ text: String) async {
        let devices = InMemoryDeviceRepository()

        let expected = WoteError.invalidArgument(
            name: "device token", reason: "must be an even number of hexadecimal digits")
        await #expect(throws: expected) {
            try await RegisterDeviceTokenUseCase(devices: devices)(hex: text)
        }
        #expect(devices.registeredTokens.isEmpty)
    }

    @Test func registerDeviceToken_passesFailure() async {
        let devices = InMemoryDeviceRepository()
        devices.failRegistrations(with: .profileRequired)

        await #expect(throws: WoteError.profileRequired) {
            try await RegisterDeviceTokenUseCase(devices: devices)(hex: "abcd")
        }
        #expect(devices.registeredTokens.isEmpty)
    }
}
