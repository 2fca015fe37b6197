#if canImport(AuthenticationServices) && (os(iOS) || os(macOS))
import AuthenticationServices
import Foundation
import WoteDomain

/// Sign in with Apple as a ``LoginProvider``: shows Apple's sheet and hands over the authorization
/// code, which the Wote server exchanges with Apple (§4.1).
///
/// ```swift
/// let apple = AppleLoginProvider { view.window! }
/// let state = try await wote.login(apple, remember: keepSignedIn)
/// ```
public struct AppleLoginProvider: LoginProvider {
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
    private let scopes: [ASAuthorization.Scope]

    /// Creates the provider.
    ///
    /// - Parameters:
    ///   - scopes: what to ask Apple for; the Wote server needs none, so the default asks for nothing.
    ///   - presentationAnchor: the window Apple's sheet is shown over.
    public init(
        scopes: [ASAuthorization.Scope] = [],
        presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
    ) {
        self.scopes = scopes
        self.anchor = presentationAnchor
    }

    /// Shows Apple's sheet and returns its authorization code.
    ///
    /// - Returns: ``LoginCredential/apple(authorizationCode:)``.
    /// - Throws: ``WoteError/cancelled`` when the person closes the sheet;
    ///   ``WoteError/rejected(code:message:)`` when Apple refuses;
    ///   ``WoteError/malformedResponse(_:)`` when Apple returns no code.
    public func credential() async throws(WoteError) -> LoginCredential {
        let result = await AppleSignInSession.run(scopes: scopes, anchor: anchor)
        switch result {
        case .success(let code): return .apple(authorizationCode: code)
        case .failure(let error): throw error
        }
    }
}

/// One presentation of Apple's sheet; keeps itself alive until Apple answers, since the
/// controller holds its delegate weakly.
@MainActor
private final class AppleSignInSession: NSObject, ASAuthorizationControllerDelegate,
    ASAuthorizationControllerPresentationContextProviding
{
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
    private var continuation: CheckedContinuation<Result<String, WoteError>, Never>?

    private init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
        self.anchor = anchor
    }

    static func run(
        scopes: [ASAuthorization.Scope], anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
    ) async -> Result<String, WoteError> {
        let session = AppleSignInSession(anchor: anchor)
        return await withExtendedLifetime(session) {
            await withCheckedContinuation { continuation in
                session.continuation = continuation
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = scopes
                let controller = ASAuthorizationController(authorizationRequests: [request])
                controller.delegate = session
                controller.presentationContextProvider = session
                controller.performRequests()
            }
        }
    }

    private func finish(_ result: Result<String, WoteError>) {
        continuation?.resume(returning: result)
        continuation = nil
    }

    nonisolated func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        let code = (authorization.credential as? ASAuthorizationAppleIDCredential)?.authorizationCode
            .flatMap { String(data: $0, encoding: .utf8) }
        MainActor.assumeIsolated {
            if let code, !code.isEmpty {
                finish(.success(code))
            } else {
                finish(.failure(.malformedResponse("Sign in with Apple returned no authorization code")))
            }
        }
    }

    nonisolated func authorizationController(
        controller: ASAuthorizationController, didCompleteWithError error: any Error
    ) {
        let cancelled = (error as? ASAuthorizationError)?.code == .canceled
        MainActor.assumeIsolated {
            finish(.failure(cancelled ? .cancelled : .rejected(code: nil, message: "Sign in with Apple failed.")))
        }
    }

    nonisolated func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        MainActor.assumeIsolated { anchor() }
    }
}
#endif
