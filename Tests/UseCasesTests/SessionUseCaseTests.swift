import Testing
import WoteDomain
import WoteKitTesting
import WoteUseCases

@Suite struct SessionUseCaseTests {
    private func signedIn(as state: AuthenticationState = .signedIn) async throws -> InMemoryAuthRepository {
        let auth = InMemoryAuthRepository(defaultSignInResult: .success(state))
        _ = try await auth.signIn(with: .apple(authorizationCode: "code"), remember: true)
        return auth
    }

    /// Expects `leave` to throw `failure`, and the session to have ended with `reason` all the same.
    private func expectSessionEnds(
        _ auth: InMemoryAuthRepository, _ reason: SignOutReason, despite failure: WoteError,
        sourceLocation: SourceLocation = #_sourceLocation, _ leave: () async throws -> Void
    ) async {
        await #expect(throws: failure, sourceLocation: sourceLocation) { try await leave() }
        #expect(auth.session.state == .signedOut(reason), sourceLocation: sourceLocation)
    }

    // MARK: Logout

    @Test func logout_endsSession_andUnregistersDeviceToken() async throws {
        let auth = try await signedIn()
        let token = try DeviceToken(hex: "ABCD01")

        try await LogoutUseCase(auth: auth)(deviceToken: token)

        #expect(auth.signOutCalls == ["abcd01"])
        #expect(auth.session.state == .signedOut(.loggedOut))
        #expect(auth.session.tokens == nil)
        #expect(auth.storedState == nil)
    }

    @Test func logout_sendsNoDeviceToken_whenAppHasNone() async throws {
        let auth = try await signedIn()

        try await LogoutUseCase(auth: auth)()

        #expect(auth.signOutCalls == [nil])
        #expect(auth.session.state == .signedOut(.loggedOut))
    }

    @Test func logout_endsSessionAllTheSame_whenStoredTokensCannotBeDeleted() async throws {
        let auth = try await signedIn()
        auth.failSignOut(with: .storageFailure("disk full"))

        await expectSessionEnds(auth, .loggedOut, despite: .storageFailure("disk full")) {
            try await LogoutUseCase(auth: auth)()
        }
        #expect(auth.session.tokens == nil)
    }

    @Test func logout_succeedsAndChangesNothing_whenNobodyIsSignedIn() async throws {
        let auth = InMemoryAuthRepository()

        try await LogoutUseCase(auth: auth)()

        #expect(auth.session.state == .signedOut(.noSession))
    }

    // MARK: Withdraw

    @Test func withdraw_endsSession() async throws {
        let auth = try await signedIn()

        try await WithdrawUseCase(auth: auth)()

        #expect(auth.withdrawCount == 1)
        #expect(auth.session.state == .signedOut(.withdrawn))
        #expect(auth.storedState == nil)
    }

    @Test func withdraw_keepsSession_whenProfileIsRequired() async throws {
        let auth = try await signedIn(as: .profileRequired)

        await #expect(throws: WoteError.profileRequired) { try await WithdrawUseCase(auth: auth)() }

        #expect(auth.session.state == .profileRequired)
        #expect(auth.storedState == .profileRequired)
    }

    @Test func withdraw_endsLocalSession_evenWhenServerCannotBeReached() async throws {
        let auth = try await signedIn()
        auth.failWithdraw(with: .networkUnavailable("offline"))

        await expectSessionEnds(auth, .withdrawn, despite: .networkUnavailable("offline")) {
            try await WithdrawUseCase(auth: auth)()
        }
        #expect(auth.storedState == nil)
    }

    @Test func withdraw_throwsNotSignedIn_whenNobodyIsSignedIn() async {
        await #expect(throws: WoteError.notSignedIn) {
            try await WithdrawUseCase(auth: InMemoryAuthRepository())()
        }
    }

    // MARK: Restore and refresh

    @Test(arguments: [AuthenticationState.signedIn, .profileRequired])
    func restore_returnsStoredSession(_ stored: AuthenticationState) async {
        let auth = InMemoryAuthRepository(storedState: stored)

        let snapshot = await RestoreSessionUseCase(auth: auth)()

        #expect(snapshot.state == stored)
        #expect(snapshot.tokens != nil)
        #expect(auth.restoreCount == 1)
    }

    @Test func restore_returnsSignedOut_whenNothingIsStored() async {
        let snapshot = await RestoreSessionUseCase(auth: InMemoryAuthRepository())()

        #expect(snapshot.state == .signedOut(.noSession))
        #expect(snapshot.tokens == nil)
    }

    @Test func restore_reportsUnreadableStore_asItsOwnState() async {
        let auth = InMemoryAuthRepository(storedState: .signedIn)
        auth.setRestoreResult(SessionSnapshot(state: .storageUnavailable(reason: "Keychain locked")))

        let snapshot = await RestoreSessionUseCase(auth: auth)()

        #expect(snapshot.state == .storageUnavailable(reason: "Keychain locked"))
        #expect(auth.storedState == .signedIn)
    }

    @Test func restore_findsSessionAgain_onlyWhenItWasRemembered() async throws {
        let remembered = InMemoryAuthRepository()
        _ = try await LoginUseCase(auth: remembered)(.apple("c"), remember: true)
        let forgotten = InMemoryAuthRepository()
        _ = try await LoginUseCase(auth: forgotten)(.apple("c"), remember: false)

        // What a next launch would find in the token store.
        let nextLaunchRemembered = InMemoryAuthRepository(storedState: remembered.storedState)
        let nextLaunchForgotten = InMemoryAuthRepository(storedState: forgotten.storedState)

        #expect(await RestoreSessionUseCase(auth: nextLaunchRemembered)().state == .signedIn)
        #expect(await RestoreSessionUseCase(auth: nextLaunchForgotten)().state == .signedOut(.noSession))
    }

    @Test func refresh_returnsSessionWithNewTokens() async throws {
        let auth = try await signedIn()
        let before = auth.session.tokens

        let snapshot = try await RefreshSessionUseCase(auth: auth)()

        #expect(snapshot.state == .signedIn)
        #expect(snapshot.tokens != nil)
        #expect(snapshot.tokens != before)
    }

    @Test func refresh_endsSession_whenRefreshTokenIsRejected() async throws {
        let auth = try await signedIn()
        auth.failRefresh(with: .sessionExpired)

        await #expect(throws: WoteError.sessionExpired) { try await RefreshSessionUseCase(auth: auth)() }
        #expect(auth.session.state == .signedOut(.sessionExpired))
    }

    @Test func refresh_keepsSession_whenFailureIsPassing() async throws {
        let auth = try await signedIn()
        auth.failRefresh(with: .timeout)

        await #expect(throws: WoteError.timeout) { try await RefreshSessionUseCase(auth: auth)() }
        #expect(auth.session.state == .signedIn)
        #expect(auth.session.tokens != nil)
    }

    @Test func refresh_throwsNotSignedIn_whenNobodyIsSignedIn() async {
        await #expect(throws: WoteError.notSignedIn) {
            try await RefreshSessionUseCase(auth: InMemoryAuthRepository())()
        }
    }

    // MARK: Observe

    @Test func observe_deliversEveryEvent_toEverySubscriber() async throws {
        let auth = InMemoryAuthRepository()
        let observe = ObserveSessionUseCase(auth: auth)
        let first = observe()
        let second = observe()
        #expect(auth.subscriberCount == 2)

        _ = try await LoginUseCase(auth: auth)(.kakao("c"), remember: true)
        auth.failRefresh(with: .timeout)
        _ = try? await RefreshSessionUseCase(auth: auth)()
        try await LogoutUseCase(auth: auth)()
        auth.finishEventStreams()

        let expected: [SessionEvent] = [
            .signedIn, .refreshStarted, .refreshFailed(.timeout), .refreshEnded, .signedOut(.loggedOut),
        ]
        #expect(await collect(first) == expected)
        #expect(await collect(second) == expected)
    }

    @Test func observe_startsWithTheCurrentState_andReportsProfileRequired() async throws {
        let auth = InMemoryAuthRepository(defaultSignInResult: .success(.profileRequired))
        _ = try await auth.signIn(with: .apple(authorizationCode: "early"), remember: true)
        let events = ObserveSessionUseCase(auth: auth)()

        _ = try await LoginUseCase(auth: auth)(.apple("c"), remember: true)
        auth.finishEventStreams()

        // A sign-in over a session ends the old one first, as the engine does (SessionEventOrderTests).
        #expect(
            await collect(events) == [.initialState(.profileRequired), .signedOut(.loggedOut), .profileRequired])
    }

    private func collect(_ stream: AsyncStream<SessionEvent>) async -> [SessionEvent] {
        var events: [SessionEvent] = []
        for await event in stream { events.append(event) }
        return events
    }
}
