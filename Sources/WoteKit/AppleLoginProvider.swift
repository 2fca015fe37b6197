// The Apple binding for Sign in with Apple: only the `ASAuthorizationController` delegate glue.
// What the answers mean, cancellation and the one-answer rule live in AppleSignInFlow.swift, which
// is compiled and tested everywhere. `scripts/apple-typecheck.sh` type-checks this file on Linux
// against stand-in declarations of the Apple API it uses.
#if canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
public import AuthenticationServices
import Foundation
import WoteDomain

/// Sign in with Apple as a ``LoginProvider``: shows Apple's sheet and hands over the authorization
/// code, which the Wote server exchanges with Apple (§4.1), and Apple's user identifier, which
/// WoteKit keeps with the session to notice a revoked credential
/// (``WoteClient/startAppleCredentialMonitoring()``).
///
/// Cancelling the task that awaits ``credential()`` dismisses the sheet.
///
/// It also confirms a withdrawal: ``withdrawalStepUp()`` shows the sheet again for a fresh
/// authorization code, which ``WoteClient/withdraw(confirmingWith:)`` sends so that the server
/// revokes the member's Apple tokens (App Review Guideline 5.1.1(v), TN3194).
///
/// ```swift
/// import AuthenticationServices
///
/// let apple = AppleLoginProvider { view.window! }
/// let state = try await wote.login(apple, remember: keepMeSignedIn)
/// // Later, "Delete account":
/// try await wote.withdraw(confirmingWith: apple)
/// ```
public struct AppleLoginProvider: LoginProvider {
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
    private let scopeNames: [String]

    /// Creates the provider.
    ///
    /// - Parameters:
    ///   - scopes: what to ask Apple for; the Wote server needs none, so the default asks for nothing.
    ///   - presentationAnchor: the window Apple's sheet is shown over.
    public init(
        scopes: [ASAuthorization.Scope] = [],
        presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
    ) {
        self.scopeNames = scopes.map(\.rawValue)
        self.anchor = presentationAnchor
    }

    /// Shows Apple's sheet and returns its authorization code and user identifier.
    ///
    /// - Returns: ``LoginCredential/apple(authorizationCode:userID:)``.
    /// - Throws: ``WoteError/cancelled`` when the person closes the sheet or the task is cancelled;
    ///   ``WoteError/rejected(code:message:)`` with Apple's error code (`ASAuthorizationError.failed`,
    ///   ...) when Apple refuses; ``WoteError/malformedResponse(_:)`` when Apple returns no code.
    public func credential() async throws(WoteError) -> LoginCredential {
        let scopeNames = scopeNames
        let anchor = anchor
        let result = await AppleSignInFlow.run {
            AppleSignInSheet(scopes: scopeNames.map { ASAuthorization.Scope(rawValue: $0) }, anchor: anchor)
        }
        return try result.get()
    }

    /// Shows Apple's sheet again and returns its fresh authorization code as a withdrawal's step-up.
    ///
    /// - Returns: ``WithdrawalStepUp/appleAuthorizationCode(_:)``.
    /// - Throws: ``WoteError/cancelled`` when the person closes the sheet or the task is cancelled
    ///   (the withdrawal stops there: nothing changed); as ``credential()`` otherwise.
    public func withdrawalStepUp() async throws(WoteError) -> WithdrawalStepUp {
        let scopeNames = scopeNames
        let anchor = anchor
        let result = await AppleSignInFlow.runForWithdrawal {
            AppleSignInSheet(scopes: scopeNames.map { ASAuthorization.Scope(rawValue: $0) }, anchor: anchor)
        }
        return try result.get()
    }
}

/// The delegate glue: one `ASAuthorizationController` and the callbacks it makes, passed to the flow.
@MainActor
private final class AppleSignInSheet: NSObject, AppleSignInPresenter, ASAuthorizationControllerDelegate,
    ASAuthorizationControllerPresentationContextProviding
{
    private let scopes: [ASAuthorization.Scope]
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
    private var controller: ASAuthorizationController?
    // Strong on purpose: the controller holds its delegate weakly, so the flow and this sheet keep
    // each other alive until the flow answers and lets go of the sheet.
    private var flow: AppleSignInFlow?

    init(scopes: [ASAuthorization.Scope], anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
        self.scopes = scopes
        self.anchor = anchor
    }

    func present(reportingTo flow: AppleSignInFlow) {
        self.flow = flow
        let request = ASAuthorizationAppleIDProvider().createRequest()
        request.requestedScopes = scopes
        let controller = ASAuthorizationController(authorizationRequests: [request])
        controller.delegate = self
        controller.presentationContextProvider = self
        self.controller = controller
        controller.performRequests()
    }

    func cancel() {
        controller?.cancel()
    }

    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        let credential = authorization.credential as? ASAuthorizationAppleIDCredential
        flow?.complete(authorizationCode: credential?.authorizationCode, userID: credential?.user)
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        let error = error as NSError
        if error.domain == ASAuthorizationErrorDomain {
            flow?.fail(authorizationErrorCode: error.code)
        } else {
            flow?.fail(otherErrorDomain: error.domain, code: error.code)
        }
    }

    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        anchor()
    }
}
#endif
