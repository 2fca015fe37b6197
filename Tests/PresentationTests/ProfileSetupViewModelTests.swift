import Foundation
import Testing
import WoteDomain
import WoteKitTesting
import WotePresentation
import WoteUseCases

@MainActor @Suite struct ProfileSetupViewModelTests {
    private let auth = InMemoryAuthRepository(defaultSignInResult: .success(.profileRequired))
    private let profiles: InMemoryProfileRepository

    init() async throws {
        profiles = InMemoryProfileRepository(takenNicknames: ["인기닉네임"], auth: auth)
        _ = try await auth.signIn(with: .kakao(authorizationCode: "c"), remember: true)
    }

    private func makeViewModel() -> ProfileSetupViewModel {
        ProfileSetupViewModel(
            checkNickname: CheckNicknameUseCase(profiles: profiles),
            completeProfile: CompleteProfileUseCase(profiles: profiles))
    }

    private func readyViewModel() async -> ProfileSetupViewModel {
        let viewModel = makeViewModel()
        viewModel.nickname = "투표왕"
        await viewModel.checkNickname()
        viewModel.schoolName = "Wote High"
        viewModel.region = .busan
        return viewModel
    }

    // MARK: Nickname as the person types

    @Test func nicknameMessage_followsTheRuleAsThePersonTypes() {
        let viewModel = makeViewModel()
        #expect(viewModel.nicknameMessage == nil)

        viewModel.nickname = "투"
        #expect(viewModel.nicknameMessage == "A nickname needs at least 2 characters.")
        viewModel.nickname = "투표 "
        #expect(viewModel.nicknameMessage == "A nickname cannot contain spaces.")
        viewModel.nickname = "투표왕"
        #expect(viewModel.nicknameMessage == nil)
        viewModel.nickname = "투표왕투표왕투표왕투표"
        #expect(viewModel.nicknameMessage == "A nickname can have at most 10 characters.")
    }

    @Test func checkNickname_marksAvailable_whenServerHasItFree() async throws {
        let viewModel = makeViewModel()
        viewModel.nickname = "투표왕"

        await viewModel.checkNickname()

        #expect(viewModel.nicknameCheck == .checked(.available(try Nickname(validating: "투표왕"))))
        #expect(viewModel.nicknameCheck.isAvailable)
        #expect(viewModel.nicknameMessage == "This nickname is available.")
        #expect(profiles.checkedNicknames.map(\.value) == ["투표왕"])
    }

    @Test func checkNickname_marksTaken_whenSomeoneUsesIt() async {
        let viewModel = makeViewModel()
        viewModel.nickname = "인기닉네임"

        await viewModel.checkNickname()

        #expect(viewModel.nicknameCheck == .checked(.taken))
        #expect(viewModel.nicknameMessage == "That nickname is already taken.")
    }

    @Test func checkNickname_marksInvalid_withoutAskingServer_whenRuleIsBroken() async {
        let viewModel = makeViewModel()
        viewModel.nickname = "wote!"

        await viewModel.checkNickname()

        #expect(viewModel.nicknameCheck == .checked(.invalid(.invalidCharacter("!"))))
        #expect(profiles.checkedNicknames.isEmpty)
    }

    /// A view model with 투표왕 typed, and the gate the server's nickname checks are held at.
    private func viewModelWithCheckHeld() -> (ProfileSetupViewModel, CallGate) {
        let gate = CallGate()
        profiles.holdCalls(at: gate)
        let viewModel = makeViewModel()
        viewModel.nickname = "투표왕"
        return (viewModel, gate)
    }

    @Test func checkNickname_isChecking_whileServerIsAsked() async {
        let (viewModel, gate) = viewModelWithCheckHeld()

        await gate.hold {
            await viewModel.checkNickname()
        } whileHeld: {
            #expect(viewModel.nicknameCheck == .checking)
        }

        #expect(viewModel.nicknameCheck.isAvailable)
    }

    @Test func checkNickname_dropsVerdict_whenNicknameChangedMeanwhile() async {
        let (viewModel, gate) = viewModelWithCheckHeld()

        await gate.hold {
            await viewModel.checkNickname()
        } whileHeld: {
            viewModel.nickname = "새닉네임"
        }

        #expect(viewModel.nicknameCheck == .unchecked)
        #expect(viewModel.canSubmit == false)
    }

    @Test func editingNickname_afterCheck_makesCheckStale() async {
        let viewModel = await readyViewModel()
        #expect(viewModel.canSubmit)

        viewModel.nickname = "투표왕2"

        #expect(viewModel.nicknameCheck == .unchecked)
        #expect(viewModel.canSubmit == false)
    }

    @Test func checkNickname_showsError_andStaysUnchecked_whenServerFails() async {
        profiles.fail(.checkNickname, with: .networkUnavailable("offline"))
        let viewModel = makeViewModel()
        viewModel.nickname = "투표왕"

        await viewModel.checkNickname()

        #expect(viewModel.nicknameCheck == .unchecked)
        #expect(viewModel.errorMessage == WoteError.networkUnavailable("offline").message)
    }

    // MARK: Submit

    @Test func regions_offerAllSeventeen() {
        #expect(makeViewModel().regions.count == 17)
        #expect(makeViewModel().regions.first == .seoul)
    }

    @Test func canSubmit_needsAvailableNickname_schoolName_andRegion() async {
        let viewModel = makeViewModel()
        viewModel.schoolName = "Wote High"
        viewModel.region = .seoul
        viewModel.nickname = "투표왕"
        #expect(viewModel.canSubmit == false)

        await viewModel.checkNickname()
        #expect(viewModel.canSubmit)

        viewModel.schoolName = "   "
        #expect(viewModel.canSubmit == false)
        viewModel.schoolName = "Wote High"
        viewModel.region = nil
        #expect(viewModel.canSubmit == false)
    }

    @Test func submit_completesProfile_andSignsPersonIn() async throws {
        let viewModel = await readyViewModel()
        viewModel.imageJPEG = Data([0xFF, 0xD8])

        await viewModel.submit()

        #expect(viewModel.isCompleted)
        #expect(viewModel.errorMessage == nil)
        let draft = try #require(profiles.completedDrafts.first)
        #expect(draft.nickname.value == "투표왕")
        #expect(draft.school == School(name: "Wote High", region: .busan))
        #expect(draft.imageJPEG == Data([0xFF, 0xD8]))
        #expect(auth.session.state == .signedIn)
    }

    @Test func submit_sendsNothing_beforeNicknameIsConfirmed() async {
        let viewModel = makeViewModel()
        viewModel.nickname = "투표왕"
        viewModel.schoolName = "Wote High"
        viewModel.region = .seoul

        await viewModel.submit()

        #expect(profiles.completedDrafts.isEmpty)
        #expect(viewModel.isCompleted == false)
    }

    @Test func submit_marksNicknameTaken_whenSomeoneTookItAfterTheCheck() async {
        let viewModel = await readyViewModel()
        profiles.takeNickname("투표왕")

        await viewModel.submit()

        #expect(viewModel.isCompleted == false)
        #expect(viewModel.nicknameCheck == .checked(.taken))
        #expect(viewModel.errorMessage == "That nickname is already taken.")
        #expect(viewModel.canSubmit == false)
        #expect(auth.session.state == .profileRequired)
    }

    @Test func submit_showsError_andKeepsForm_whenServerFails() async {
        let viewModel = await readyViewModel()
        profiles.fail(.completeProfile, with: .serverFailure(status: 500, code: "G999", message: "boom"))

        await viewModel.submit()

        #expect(viewModel.isCompleted == false)
        #expect(viewModel.errorMessage == "The server is having trouble. Please try again later.")
        #expect(viewModel.nicknameCheck.isAvailable)
        #expect(viewModel.canSubmit)

        viewModel.dismissError()
        #expect(viewModel.errorMessage == nil)
    }

    @Test func isBusy_isTrueWhileProfileIsSent() async {
        let viewModel = await readyViewModel()
        let gate = CallGate()
        profiles.holdCalls(at: gate)

        await gate.expectBusy(viewModel) {
            await viewModel.submit()
        } whileHeld: {
            #expect(viewModel.canSubmit == false)
        }
        #expect(viewModel.isCompleted)
    }
}
