import Testing
import WoteDomain
import WoteKitTesting
import WoteUseCases

@Suite struct LoginUseCaseTests {
    private let apple = LoginCredential.apple(authorizationCode: "apple-code")
    private let kakao = LoginCredential.kakao(authorizationCode: "kakao-code")
    private let password = LoginCredential.password(loginId: "wote01", password: "secret123")

    @Test func login_signsInWithProvidersCredential_andKeepsSession_whenRememberOn() async throws {
        let auth = InMemoryAuthRepository()
        let provider = ScriptedLoginProvider(credentials: apple)

        let state = try await LoginUseCase(auth: auth)(provider, remember: true)

        #expect(state == .signedIn)
        #expect(auth.signInCalls == [.init(credential: apple, remember: true)])
        #expect(auth.session.state == .signedIn)
        #expect(auth.session.isPersistent)
        #expect(auth.storedState == .signedIn)
    }

    @Test func login_keepsSessionInMemoryOnly_whenRememberOff() async throws {
        let auth = InMemoryAuthRepository(storedState: .signedIn)

        let state = try await LoginUseCase(auth: auth)(kakao, remember: false)

        #expect(state == .signedIn)
        #expect(auth.signInCalls == [.init(credential: kakao, remember: false)])
        #expect(auth.session.state == .signedIn)
        #expect(auth.session.isPersistent == false)
        #expect(auth.storedState == nil)
    }

    @Test func login_succeedsIntoProfileRequired_whenServerAnswersE009() async throws {
        let auth = InMemoryAuthRepository()
        auth.setSignInResult(.success(.profileRequired), for: kakao)

        let state = try await LoginUseCase(auth: auth)(ScriptedLoginProvider(credentials: kakao), remember: true)

        #expect(state == .profileRequired)
        #expect(auth.session.state == .profileRequired)
        #expect(auth.session.tokens != nil)
    }

    @Test func login_throwsCancelled_andSendsNothing_whenPersonBacksOutOfProvider() async {
        let auth = InMemoryAuthRepository()
        let provider = ScriptedLoginProvider.cancelling

        await #expect(throws: WoteError.cancelled) {
            try await LoginUseCase(auth: auth)(provider, remember: true)
        }
        #expect(provider.requestCount == 1)
        #expect(auth.signInCalls.isEmpty)
        #expect(auth.session.state == .signedOut(.noSession))
    }

    @Test func login_passesProviderFailure_withoutSigningIn() async {
        let auth = InMemoryAuthRepository()
        let provider = ScriptedLoginProvider([.failure(.networkUnavailable("offline"))])

        await #expect(throws: WoteError.networkUnavailable("offline")) {
            try await LoginUseCase(auth: auth)(provider, remember: true)
        }
        #expect(auth.signInCalls.isEmpty)
    }

    @Test func login_withPassword_goesThroughSameUseCase_andReportsWrongCredentials() async throws {
        let auth = InMemoryAuthRepository()
        auth.setSignInResult(.failure(.wrongCredentials), for: password)
        let login = LoginUseCase(auth: auth)

        await #expect(throws: WoteError.wrongCredentials) {
            try await login(password, remember: true)
        }
        #expect(auth.session.state == .signedOut(.noSession))
        #expect(auth.storedState == nil)

        let right = LoginCredential.password(loginId: "wote01", password: "right123")
        let state = try await login(right, remember: true)
        #expect(state == .signedIn)
        #expect(auth.signInCalls.map(\.credential) == [password, right])
    }

    @Test func login_throwsCancelled_withoutSigningIn_whenTaskCancelledWhileProviderIsShown() async {
        let auth = InMemoryAuthRepository()
        let provider = ScriptedLoginProvider(credentials: apple)
        let gate = CallGate()
        provider.holdCalls(at: gate)

        let login = Task { try await LoginUseCase(auth: auth)(provider, remember: true) }
        await gate.waitForArrivals()
        login.cancel()
        gate.open()

        await #expect(throws: WoteError.cancelled) { try await login.value }
        #expect(auth.signInCalls.isEmpty)
    }

    @Test func login_triesProvidersScriptInOrder_soARetryAfterCancellingWorks() async throws {
        let auth = InMemoryAuthRepository()
        let provider = ScriptedLoginProvider([.failure(.cancelled), .success(apple)])
        let login = LoginUseCase(auth: auth)

        await #expect(throws: WoteError.cancelled) { try await login(provider, remember: true) }
        let state = try await login(provider, remember: true)

        #expect(state == .signedIn)
        #expect(auth.signInCalls == [.init(credential: apple, remember: true)])
        #expect(provider.remainingScript.isEmpty)
    }
}
