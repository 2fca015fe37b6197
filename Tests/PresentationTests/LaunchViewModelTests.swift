import Testing
import WoteDomain
import WoteKitTesting
import WotePresentation
import WoteUseCases

@MainActor @Suite struct LaunchViewModelTests {
    private func makeViewModel(_ auth: InMemoryAuthRepository) -> LaunchViewModel {
        LaunchViewModel(
            restoreSession: RestoreSessionUseCase(auth: auth), observeSession: ObserveSessionUseCase(auth: auth))
    }

    /// A view model over a stored signed-in session, and the gate the session's restore is held at.
    private func viewModelWithRestoreHeld() -> (LaunchViewModel, InMemoryAuthRepository, CallGate) {
        let auth = InMemoryAuthRepository(storedState: .signedIn)
        let gate = CallGate()
        auth.holdCalls(at: gate)
        return (makeViewModel(auth), auth, gate)
    }

    // MARK: Routing at launch

    @Test func route_isLaunching_whileSessionIsBeingRestored() async {
        let (viewModel, _, gate) = viewModelWithRestoreHeld()
        await gate.hold {
            await viewModel.start()
        } whileHeld: {
            #expect(viewModel.route == .launching)
        }

        #expect(viewModel.route == .home)
        viewModel.cancel()
    }

    @Test(arguments: [
        (AuthenticationState.signedIn, LaunchRoute.home),
        (.profileRequired, .profileSetup),
    ])
    func start_routesOnRestoredSession(_ stored: AuthenticationState, _ route: LaunchRoute) async {
        let viewModel = makeViewModel(InMemoryAuthRepository(storedState: stored))

        await viewModel.start()

        #expect(viewModel.route == route)
        #expect(viewModel.errorMessage == nil)
        viewModel.cancel()
    }

    @Test func start_routesToLogin_withoutErrorMessage_whenNothingIsStored() async {
        let viewModel = makeViewModel(InMemoryAuthRepository())

        await viewModel.start()

        #expect(viewModel.route == .login)
        #expect(viewModel.errorMessage == nil)
        viewModel.cancel()
    }

    @Test func start_routesToLogin_withErrorMessage_whenStoredSessionHasExpired() async {
        let auth = InMemoryAuthRepository()
        auth.setRestoreResult(SessionSnapshot(state: .signedOut(.sessionExpired), isPersistent: false))
        let viewModel = makeViewModel(auth)

        await viewModel.start()

        #expect(viewModel.route == .login)
        #expect(viewModel.errorMessage == "Your session has expired. Please sign in again.")
        viewModel.cancel()
    }

    @Test func start_routesToStorageUnavailable_whenStoreCannotBeRead_andRetryRestoresAgain() async {
        let auth = InMemoryAuthRepository(storedState: .signedIn)
        auth.setRestoreResult(SessionSnapshot(state: .storageUnavailable(reason: "Keychain locked")))
        let viewModel = makeViewModel(auth)

        await viewModel.start()
        #expect(viewModel.route == .storageUnavailable("Keychain locked"))

        auth.setRestoreResult(nil)
        await viewModel.start()
        #expect(viewModel.route == .home)
        #expect(auth.restoreCount == 2)
        viewModel.cancel()
    }

    /// An event already on its way when the app calls `cancel()` (or `start()` again, which
    /// cancels first) does not route afterwards: a later start's route stands. Under TSan's
    /// scheduling, the first restore's buffered state once routed after the second start's.
    @Test func cancel_anEventAlreadyOnItsWay_routesNothingAfterwards() async {
        let auth = InMemoryAuthRepository(storedState: .signedIn)
        let viewModel = makeViewModel(auth)
        await viewModel.start()
        #expect(viewModel.route == .home)

        auth.emit(.signedOut(.loggedOut))
        viewModel.cancel()
        for _ in 0..<20 { await Task.yield() }

        #expect(viewModel.route == .home)
    }

    // MARK: Routing on events

    @Test(arguments: [
        (SessionEvent.signedIn, LaunchRoute.home),
        (.profileRequired, .profileSetup),
        (.restored(.signedIn), .home),
        (.restored(.storageUnavailable(reason: "locked")), .storageUnavailable("locked")),
        (.signedOut(.loggedOut), .login),
        (.signedOut(.withdrawn), .login),
    ])
    func handle_routesOnEvent(_ event: SessionEvent, _ route: LaunchRoute) {
        let viewModel = makeViewModel(InMemoryAuthRepository())

        viewModel.handle(event)

        #expect(viewModel.route == route)
        #expect(viewModel.errorMessage == nil)
    }

    @Test(arguments: [
        (SignOutReason.sessionExpired, "Your session has expired. Please sign in again."),
        (.banned, "This account has been suspended."),
        (.memberGone, "This account no longer exists."),
        (.storedSessionCorrupted("bad json"), "Your saved sign-in could not be read. Please sign in again."),
        (.appleCredentialRevoked, "Sign in with Apple was turned off for this app. Please sign in again."),
    ])
    func handle_routesToLogin_withErrorMessage_whenSignedOutInvoluntarily(_ reason: SignOutReason, _ message: String) {
        let viewModel = makeViewModel(InMemoryAuthRepository())
        viewModel.handle(.signedIn)

        viewModel.handle(.signedOut(reason))

        #expect(viewModel.route == .login)
        #expect(viewModel.errorMessage == message)
    }

    @Test func handle_keepsRoute_andShowsPassingErrorMessage_whenRefreshFails_untilTokensAreRefreshed() {
        let viewModel = makeViewModel(InMemoryAuthRepository())
        viewModel.handle(.signedIn)

        viewModel.handle(.refreshFailed(.networkUnavailable("offline")))
        #expect(viewModel.route == .home)
        #expect(viewModel.errorMessage == WoteError.networkUnavailable("offline").message)

        viewModel.handle(.tokensRefreshed)
        #expect(viewModel.route == .home)
        #expect(viewModel.errorMessage == nil)
    }

    @Test func handle_tokensRefreshed_keepsSignOutErrorMessage() {
        let viewModel = makeViewModel(InMemoryAuthRepository())
        viewModel.handle(.signedOut(.banned))

        viewModel.handle(.tokensRefreshed)

        #expect(viewModel.errorMessage == "This account has been suspended.")
        viewModel.dismissError()
        #expect(viewModel.errorMessage == nil)
    }

    @Test func signingInAgain_clearsErrorMessage() {
        let viewModel = makeViewModel(InMemoryAuthRepository())
        viewModel.handle(.signedOut(.sessionExpired))

        viewModel.handle(.profileRequired)

        #expect(viewModel.route == .profileSetup)
        #expect(viewModel.errorMessage == nil)
    }

    // MARK: Through the event stream

    @Test func start_followsSessionEvents_fromTheRepository() async {
        let auth = InMemoryAuthRepository(storedState: .signedIn)
        let viewModel = makeViewModel(auth)
        await viewModel.start()
        #expect(viewModel.route == .home)

        auth.endSession(reason: .sessionExpired)
        auth.finishEventStreams()
        await viewModel.waitUntilObservationEnds()

        #expect(viewModel.route == .login)
        #expect(viewModel.errorMessage == "Your session has expired. Please sign in again.")
    }

    @Test func start_keepsThePassingFailureOfTheRestore_whenTheStreamRepeatsTheState() async {
        let auth = InMemoryAuthRepository()
        auth.setRestoreResult(SessionSnapshot(state: .signedIn, warning: .timeout))
        let viewModel = makeViewModel(auth)
        await viewModel.start()
        auth.finishEventStreams()
        await viewModel.waitUntilObservationEnds()

        #expect(viewModel.route == .home)
        #expect(viewModel.errorMessage == WoteError.timeout.message)
    }

    @Test func start_routesToHome_afterLoginIntoProfileSetupAndProfileCompletion() async throws {
        let auth = InMemoryAuthRepository(defaultSignInResult: .success(.profileRequired))
        let profiles = InMemoryProfileRepository(auth: auth)
        let viewModel = makeViewModel(auth)
        await viewModel.start()
        #expect(viewModel.route == .login)

        _ = try await LoginUseCase(auth: auth)(.kakao("c"), remember: true)
        try await CompleteProfileUseCase(profiles: profiles)(nickname: "투표왕", schoolName: "Wote High", region: .seoul)
        auth.finishEventStreams()
        await viewModel.waitUntilObservationEnds()

        #expect(viewModel.route == .home)
    }

    @Test func cancel_endsObservation_soLaterEventsAreIgnored() async {
        let auth = InMemoryAuthRepository(storedState: .signedIn)
        let viewModel = makeViewModel(auth)
        await viewModel.start()

        viewModel.cancel()
        await viewModel.waitUntilObservationEnds()
        auth.endSession(reason: .banned)

        #expect(auth.subscriberCount == 0)
        #expect(viewModel.route == .home)
        #expect(viewModel.errorMessage == nil)
    }

    @Test func overlappingStarts_leaveOneObservation_notOnePerStart() async {
        let (viewModel, auth, gate) = viewModelWithRestoreHeld()
        let first = Task { await viewModel.start() }
        let second = Task { await viewModel.start() }
        await gate.waitForArrivals(2)
        gate.open()
        await first.value
        await second.value

        #expect(viewModel.route == .home)
        #expect(auth.subscriberCount == 1)
        viewModel.cancel()
        await viewModel.waitUntilObservationEnds()
        #expect(auth.subscriberCount == 0)
    }

    @Test func cancelWhileRestoring_routes_butFollowsNoEvents() async {
        let (viewModel, auth, gate) = viewModelWithRestoreHeld()
        await gate.hold {
            await viewModel.start()
        } whileHeld: {
            viewModel.cancel()
        }
        auth.endSession(reason: .banned)

        #expect(viewModel.route == .home)
        #expect(auth.subscriberCount == 0)
    }
}
