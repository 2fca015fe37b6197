import Foundation
public import Observation
public import WoteDomain
public import WoteUseCases

/// The login screen: Sign in with Apple, Kakao, or an ID and password, with a "keep me signed in"
/// checkbox that applies to every way of signing in.
///
/// ```swift
/// Task { @MainActor in
///     let login = wote.makeLoginViewModel()
///     login.loginId = loginId
///     login.password = password
///     login.keepSignedIn = keepMeSignedIn  // the "Keep me signed in" checkbox
///     if login.canSubmitPassword { await login.loginWithPassword() }  // "Sign in", enabled when it can
///     if let message = login.errorMessage { showAlert(message) }
/// }
/// ```
@MainActor @Observable
public final class LoginViewModel: ScreenViewModel {
    /// The account ID typed into the form.
    public var loginId = ""
    /// The password typed into the form; cleared after a successful sign-in. Dumping or printing
    /// the view model never shows it.
    public var password: String {
        get { typedPassword.value }
        set { typedPassword.value = newValue }
    }
    private var typedPassword = RedactedText(value: "")
    /// "Keep me signed in": on keeps the session for the next launch, off keeps it in memory only.
    public var keepSignedIn = true
    /// Where the last successful sign-in left the person: signed in, or profile required.
    public private(set) var outcome: AuthenticationState?
    /// Whether a sign-in is under way; another sign-in asked for meanwhile is ignored.
    public var isBusy: Bool { screen.isBusy }
    /// A sentence for an alert after a failed sign-in; `nil` when there is nothing to show.
    public var errorMessage: String? {
        get { screen.errorMessage }
        set { screen.errorMessage = newValue }
    }

    @ObservationIgnored private let loginUseCase: LoginUseCase
    private let screen = ScreenTask()

    /// Creates the view model.
    ///
    /// - Parameter login: the use case every way of signing in goes through.
    public init(login: LoginUseCase) {
        loginUseCase = login
    }

    /// Whether the ID/password form can be sent: both fields filled and no sign-in under way.
    public var canSubmitPassword: Bool {
        !isBusy && !loginId.trimmingCharacters(in: .whitespaces).isEmpty && !password.isEmpty
    }

    /// Signs in with the ID and password typed into the form.
    public func loginWithPassword() async {
        let id = loginId.trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty, !password.isEmpty else {
            errorMessage = WoteLocalization.text("login.missingFields")
            return
        }
        await login(with: LoginCredential.password(loginId: id, password: password))
    }

    /// Signs in with an authorization code from Sign in with Apple.
    ///
    /// - Parameter authorizationCode: the code Apple handed to the app.
    public func loginWithApple(authorizationCode: String) async {
        await login(with: LoginCredential.apple(authorizationCode: authorizationCode))
    }

    /// Signs in with an authorization code from Kakao login.
    ///
    /// - Parameter authorizationCode: the code Kakao handed to the app.
    public func loginWithKakao(authorizationCode: String) async {
        await login(with: LoginCredential.kakao(authorizationCode: authorizationCode))
    }

    /// Signs in with any provider, for example one that shows Sign in with Apple itself.
    ///
    /// Does nothing while another sign-in is under way. A person who backs out of the provider
    /// sees no error. The typed password is cleared once the sign-in succeeded.
    ///
    /// - Parameter provider: where the credential comes from.
    public func login(with provider: any LoginProvider) async {
        await screen.run { [self] () throws(WoteError) in
            outcome = try await loginUseCase(provider, remember: keepSignedIn)
            password = ""
        }
    }

    /// Forgets the error message once the alert was dismissed.
    public func dismissError() {
        screen.dismissError()
    }

    /// Cancels the sign-in under way, if any; the person stays signed out and sees no error.
    public func cancel() {
        screen.cancel()
    }
}

// MARK: - Previews

extension LoginViewModel {
    /// A login screen for SwiftUI previews: no network, no store; a sign-in succeeds at once.
    ///
    /// - Parameters:
    ///   - loginId: the ID already typed into the form.
    ///   - errorMessage: an alert to show, as after a failed sign-in.
    /// - Returns: the view model.
    public static func preview(loginId: String = "", errorMessage: String? = nil) -> LoginViewModel {
        let model = LoginViewModel(login: LoginUseCase(auth: PreviewRepository(state: .signedOut(.noSession))))
        model.loginId = loginId
        model.errorMessage = errorMessage
        return model
    }
}
