import Foundation
import Testing
import WoteContract
import WoteData
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteSession
import WoteWire

/// Issue 33, item 2: a request belongs to the session it was issued under, and so does what its
/// answer changes. Member A's profile answer passed the engine's check while A was still signed in,
/// then reached the profile repository only after A logged out and B signed in (a thread preempted
/// between the two steps). It must not be announced (`profileFetched`) or adopted into B's session:
/// A's caller gets the session error that an answer arriving a moment later gets from the engine.
@Suite(.timeLimit(.minutes(1)))
struct LateProfileAnswerTests {
    static let profileOfA = #"""
        {"status":200,"message":"SUCCESS","data":{"nickname":"memberA","profileImage":null,"consumerType":"FLEXER",\#
        "school":{"schoolName":"A High","schoolRegion":"서울"},"canUpdateConsumerType":false}}
        """#

    /// The engine, and a profile repository whose answers (profile fetch, profile setup) wait at
    /// `gate` once the engine has let them through.
    struct Harness {
        let fixture: EngineFixture
        let gate = CallGate()
        let profiles: WoteProfileRepository

        init() {
            let fixture = EngineFixture()
            self.fixture = fixture
            let remote = AnswersHeldAfterTheEngine(
                inner: HTTPRemoteDataSource(sender: fixture.engine), gate: gate)
            profiles = WoteProfileRepository(remote: remote, session: fixture.engine)
        }

        /// A logs out (as `logout()` does, locally) and B signs in.
        func switchFromAToB(profileCompletedForB: Bool = true) async throws {
            try await fixture.engine.end(reason: .loggedOut)
            try await fixture.signIn(profileCompleted: profileCompletedForB)
        }
    }

    @Test func lateProfileAnswerOfA_isNeitherAnnouncedNorAdopted_inBsSession() async throws {
        let harness = Harness()
        try await harness.fixture.signIn()
        harness.fixture.answerNextProfileRequests(with: .json(200, Self.profileOfA))
        let events = harness.fixture.engine.events()
        let fetch = Task { try await harness.profiles.fetchMyProfile() }
        await harness.gate.waitForArrivals()

        try await harness.switchFromAToB()
        harness.gate.open()
        let outcome = await fetch.result

        #expect(throws: WoteError.notSignedIn) { try outcome.get() }
        let sent = await drain(events, of: harness.fixture.engine)
        #expect(sent == [.signedOut(.loggedOut), .signedIn], "A's profile was announced in B's session")
    }

    /// Sibling: A's profile setup was accepted, and its answer reaches the repository after B, whose
    /// profile is still required, signed in. B's profile stays required.
    @Test func lateProfileSetupAnswerOfA_doesNotCompleteBsProfile() async throws {
        let harness = Harness()
        try await harness.fixture.signIn(profileCompleted: false)
        harness.fixture.answerNextProfileRequests(with: .json(200, #"{"status":200,"message":"SUCCESS"}"#))
        let events = harness.fixture.engine.events()
        let draft = ProfileDraft(
            nickname: try Nickname(validating: "memberA"), school: School(name: "A High", region: .seoul),
            imageJPEG: nil)
        let setup = Task { try await harness.profiles.completeProfile(draft) }
        await harness.gate.waitForArrivals()

        try await harness.switchFromAToB(profileCompletedForB: false)
        harness.gate.open()
        let outcome = await setup.result

        #expect(throws: WoteError.notSignedIn) { try outcome.get() }
        #expect(await harness.fixture.engine.snapshot().state == .profileRequired)
        #expect(harness.fixture.storage.session?.profileCompleted == false)
        let sent = await drain(events, of: harness.fixture.engine)
        #expect(sent == [.signedOut(.loggedOut), .profileRequired])
    }

    /// The same answers in A's own session still count: the profile is announced, the setup
    /// completes the profile.
    @Test func profileAnswers_inTheirOwnSession_areAnnouncedAndAdopted() async throws {
        let harness = Harness()
        harness.gate.open()
        try await harness.fixture.signIn(profileCompleted: false)
        harness.fixture.answerNextProfileRequests(
            with: .json(200, #"{"status":200,"message":"SUCCESS"}"#), .json(200, Self.profileOfA))
        let events = harness.fixture.engine.events()
        let draft = ProfileDraft(
            nickname: try Nickname(validating: "memberA"), school: School(name: "A High", region: .seoul),
            imageJPEG: nil)

        try await harness.profiles.completeProfile(draft)
        let user = try await harness.profiles.fetchMyProfile()

        #expect(user.nickname == "memberA")
        #expect(await harness.fixture.engine.snapshot().state == .signedIn)
        #expect(await drain(events, of: harness.fixture.engine) == [.signedIn, .profileFetched(user)])
    }
}

/// The server's endpoints through `inner`; the answers of a profile fetch and of a profile setup
/// wait at `gate` after the engine let them through, on their way to the repository.
private struct AnswersHeldAfterTheEngine: RemoteDataSource {
    let inner: any RemoteDataSource
    let gate: CallGate

    func fetchMyProfile() async throws(APIError) -> ResponseEnvelope<ProfileDTO> {
        let answer = try await inner.fetchMyProfile()
        await gate.pass()
        return answer
    }

    func setUpProfile(_ request: ProfileRequestDTO, imageJPEG: Data?) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    {
        let answer = try await inner.setUpProfile(request, imageJPEG: imageJPEG)
        await gate.pass()
        return answer
    }

    func login(_ credential: LoginCredential) async throws(APIError) -> ResponseEnvelope<LoginDataDTO> {
        try await inner.login(credential)
    }

    func signUp(_ request: SignUpRequestDTO) async throws(APIError) -> SignUpResponseDTO {
        try await inner.signUp(request)
    }

    func checkNickname(_ request: NicknameRequestDTO) async throws(APIError) -> ResponseEnvelope<NicknameCheckDTO> {
        try await inner.checkNickname(request)
    }

    func setConsumerType(_ request: ConsumerTypeRequestDTO) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    {
        try await inner.setConsumerType(request)
    }

    func registerDeviceToken(_ request: DeviceTokenRequestDTO) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    {
        try await inner.registerDeviceToken(request)
    }

    func withdraw() async throws(APIError) -> ResponseEnvelope<IgnoredPayload> {
        try await inner.withdraw()
    }
}
