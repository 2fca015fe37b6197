import Testing
import WoteDomain
import WotePresentation
import WoteUseCases

/// The preview factories show what they are asked to, with no network and no store (issue 32 item 4).
@MainActor @Suite struct PreviewTests {
    @Test(arguments: SessionModel.previewStates)
    func sessionModelPreview_showsTheState_andASignOutsReason(_ state: AuthenticationState?) {
        let model = SessionModel.preview(state)

        #expect(model.state == state)
        if case .signedOut(let reason) = state, reason != .noSession {
            #expect(model.lastSignOutReason == reason)
        } else {
            #expect(model.lastSignOutReason == nil)
        }
        #expect(model.profile == (state?.hasSession == true ? SessionModel.previewProfile : nil))
    }

    @Test func sessionModelPreview_refreshingOrFailing_onlyWhileSignedIn() {
        #expect(SessionModel.preview(.signedIn, isRefreshing: true).isRefreshing)
        #expect(SessionModel.preview(.signedIn, refreshFailure: .timeout).refreshFailure == .timeout)
        #expect(!SessionModel.preview(.signedOut(.loggedOut), isRefreshing: true).isRefreshing)
    }

    @Test func previewStates_coverEveryReason() {
        let reasons: [SignOutReason] = SessionModel.previewStates.compactMap {
            if case .signedOut(let reason) = $0 { reason } else { nil }
        }
        #expect(reasons.count == 11)
        #expect(SessionModel.previewStates.contains(nil))
        #expect(SessionModel.previewStates.contains { if case .storageUnavailable = $0 { true } else { false } })
    }

    @Test func launchPreview_routesAsTheLiveScreen() {
        #expect(LaunchViewModel.preview(nil).route == .launching)
        #expect(LaunchViewModel.preview(.signedIn).route == .home)
        #expect(LaunchViewModel.preview(.profileRequired).route == .profileSetup)
        #expect(LaunchViewModel.preview(.signedOut(.loggedOut)).route == .login)
        #expect(LaunchViewModel.preview(.signedOut(.loggedOut)).errorMessage == nil)
        #expect(LaunchViewModel.preview(.signedOut(.banned)).errorMessage != nil)
        #expect(LaunchViewModel.preview(.storageUnavailable(reason: "locked")).route == .storageUnavailable("locked"))
    }

    @Test func screenPreviews_showWhatTheyAreGiven_andTheirIntentsAnswerAtOnce() async {
        let home = HomeViewModel.preview(user: nil, isConfirmingWithdrawal: true)
        #expect(home.user == nil && home.isConfirmingWithdrawal)
        await home.load()
        #expect(home.user == SessionModel.previewProfile)

        let login = LoginViewModel.preview(loginId: "wote01", errorMessage: "wrong")
        #expect(login.loginId == "wote01" && login.errorMessage == "wrong")

        let setup = ProfileSetupViewModel.preview(nickname: "투표왕", nicknameCheck: .checked(.taken))
        #expect(setup.nickname == "투표왕" && setup.nicknameCheck == .checked(.taken))

        let signUp = SignUpViewModel.preview(fields: [.email: "no-at-sign"])
        #expect(signUp.fieldMessages[.email] != nil)
        #expect(signUp.fieldMessages[.loginId] == nil)
    }
}
