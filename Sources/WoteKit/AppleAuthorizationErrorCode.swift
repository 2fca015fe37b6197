import WoteDomain

/// A code of Apple's `ASAuthorizationError` (its `ASAuthorizationErrorDomain` code), named.
///
/// An open set: the codes newer systems add (`matchedExcludedCredential` and later arrived after
/// iOS 17 and macOS 14, the oldest systems WoteKit supports) are carried by number, so the Apple
/// binding never needs an availability check to pass them on. This file is the one home of the
/// numbers and of what each one means for a sign-in.
package struct AppleAuthorizationErrorCode: RawRepresentable, Sendable, Hashable {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    /// `unknown`: the attempt failed for an unknown reason.
    package static let unknown = Self(rawValue: 1000)
    /// `canceled`: the person closed the sheet (or the app cancelled it).
    package static let canceled = Self(rawValue: 1001)
    /// `invalidResponse`: the request got an invalid response.
    package static let invalidResponse = Self(rawValue: 1002)
    /// `notHandled`: the request was not handled.
    package static let notHandled = Self(rawValue: 1003)
    /// `failed`: the attempt failed (for example no Apple Account is signed in on the device).
    package static let failed = Self(rawValue: 1004)
    /// `notInteractive`: the request needed to show UI but was not allowed to.
    package static let notInteractive = Self(rawValue: 1005)
    /// `matchedExcludedCredential` (iOS 18, macOS 15).
    package static let matchedExcludedCredential = Self(rawValue: 1006)
    /// `credentialImport` (iOS 18.2, macOS 15.2).
    package static let credentialImport = Self(rawValue: 1007)
    /// `credentialExport` (iOS 18.2, macOS 15.2).
    package static let credentialExport = Self(rawValue: 1008)
    /// `preferSignInWithApple` (iOS 26, macOS 26).
    package static let preferSignInWithApple = Self(rawValue: 1009)
    /// `deviceNotConfiguredForPasskeyCreation` (iOS 26, macOS 26).
    package static let deviceNotConfiguredForPasskeyCreation = Self(rawValue: 1010)

    /// Apple's name for the code, when WoteKit knows it.
    package var name: String? {
        switch self {
        case .unknown: "unknown"
        case .canceled: "canceled"
        case .invalidResponse: "invalidResponse"
        case .notHandled: "notHandled"
        case .failed: "failed"
        case .notInteractive: "notInteractive"
        case .matchedExcludedCredential: "matchedExcludedCredential"
        case .credentialImport: "credentialImport"
        case .credentialExport: "credentialExport"
        case .preferSignInWithApple: "preferSignInWithApple"
        case .deviceNotConfiguredForPasskeyCreation: "deviceNotConfiguredForPasskeyCreation"
        default: nil
        }
    }

    /// What the sign-in fails with: ``WoteError/cancelled`` for `canceled`; otherwise
    /// ``WoteError/rejected(code:message:)`` whose code names Apple's code
    /// (`ASAuthorizationError.failed`, or `ASAuthorizationError.1234` for one WoteKit does not know)
    /// and whose message says what happened.
    package var woteError: WoteError {
        if self == .canceled { return .cancelled }
        let code = "ASAuthorizationError." + (name ?? String(rawValue))
        let message =
            switch self {
            case .failed:
                "Sign in with Apple failed. Check that an Apple Account is signed in on this device, then try again."
            case .invalidResponse: "Sign in with Apple received an invalid response. Please try again."
            case .notHandled: "Sign in with Apple could not handle the request. Please try again."
            case .notInteractive: "Sign in with Apple needs to show its sheet, but it cannot be shown right now."
            case .unknown: "Sign in with Apple failed for an unknown reason. Please try again."
            default: "Sign in with Apple failed (\(code)). Please try again."
            }
        return .rejected(code: code, message: message)
    }
}
