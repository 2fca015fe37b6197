// Stand-in for Apple's AuthenticationServices module, for `scripts/apple-typecheck.sh` only: never
// linked, never run (every member traps). It declares exactly what WoteKit's Sign in with Apple
// bindings (Sources/WoteKit/AppleLoginProvider.swift and
// AppleCredentialChecks+AuthenticationServices.swift) use, as Apple documents the Swift interface
// (developer.apple.com/documentation/authenticationservices), isolation included:
// `@MainActor protocol ASAuthorizationControllerDelegate`, `@MainActor protocol
// ASAuthorizationControllerPresentationContextProviding`, `class ASAuthorizationController` (not
// isolated, not Sendable), `getCredentialState(forUserID:completion:)` with an
// `@escaping @Sendable` completion, `cancel()` from iOS 16 / macOS 13.
//
// Compromises:
// - ASPresentationAnchor is NSWindow on macOS and UIWindow on iOS (both @MainActor classes); here it
//   is a @MainActor stand-in class. WoteKit only names the typealias, so no `os()` branch is needed.
// - The delegate's methods are `optional` in Objective-C. Swift without Objective-C has no optional
//   requirements, so they are declared required here: a misspelled delegate method then fails this
//   check, where a default implementation would hide it.
// - `credentialRevokedNotification` is a `class let` on Apple; Swift classes cannot declare stored
//   class properties, so it is a `static let` here (read the same way).
// - The module is built with library evolution, so `CredentialState` is open like an imported
//   NS_ENUM and a switch over it needs `@unknown default`, as on Apple.
// - NSObject, NSObjectProtocol, NSError and Notification come from swift-corelibs-foundation, not
//   from Apple's Foundation.
import Foundation

@MainActor
open class ASPresentationAnchorStandIn {
    public init() {}
}

@available(iOS 12.0, macOS 10.15, *)
public typealias ASPresentationAnchor = ASPresentationAnchorStandIn

@available(iOS 13.0, macOS 10.15, *)
public let ASAuthorizationErrorDomain: String = "com.apple.AuthenticationServices.AuthorizationError"

@available(iOS 13.0, macOS 10.15, *)
public protocol ASAuthorizationCredential: NSObjectProtocol {}

@available(iOS 13.0, macOS 10.15, *)
public protocol ASAuthorizationProvider: NSObjectProtocol {}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorization: NSObject {
    public var credential: any ASAuthorizationCredential { fatalError("stand-in") }

    public struct Scope: Hashable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static var fullName: Scope { fatalError("stand-in") }
        public static var email: Scope { fatalError("stand-in") }
    }
}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationRequest: NSObject {}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationOpenIDRequest: ASAuthorizationRequest {
    public var requestedScopes: [ASAuthorization.Scope]? {
        get { fatalError("stand-in") }
        set { fatalError("stand-in") }
    }
}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationAppleIDRequest: ASAuthorizationOpenIDRequest {}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationAppleIDCredential: NSObject, ASAuthorizationCredential {
    public var user: String { fatalError("stand-in") }
    public var authorizationCode: Data? { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationAppleIDProvider: NSObject, ASAuthorizationProvider {
    public enum CredentialState: Int, Sendable {
        case revoked = 0
        case authorized = 1
        case notFound = 2
        case transferred = 3
    }

    public static let credentialRevokedNotification = NSNotification.Name(
        "ASAuthorizationAppleIDCredentialRevokedNotification")

    public override init() {}

    public func createRequest() -> ASAuthorizationAppleIDRequest { fatalError("stand-in") }

    public func getCredentialState(
        forUserID userID: String,
        completion: @escaping @Sendable (ASAuthorizationAppleIDProvider.CredentialState, (any Error)?) -> Void
    ) {
        fatalError("stand-in")
    }
}

@available(iOS 13.0, macOS 10.15, *)
@MainActor
public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

@available(iOS 13.0, macOS 10.15, *)
@MainActor
public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

@available(iOS 13.0, macOS 10.15, *)
open class ASAuthorizationController: NSObject {
    public weak var delegate: (any ASAuthorizationControllerDelegate)?
    public weak var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)?
    public var authorizationRequests: [ASAuthorizationRequest] { fatalError("stand-in") }

    public init(authorizationRequests: [ASAuthorizationRequest]) { fatalError("stand-in") }

    public func performRequests() { fatalError("stand-in") }

    @available(iOS 16.0, macOS 13.0, tvOS 18.0, visionOS 1.0, *)
    public func cancel() { fatalError("stand-in") }
}
