/// Apple's answer about a Sign in with Apple user (`ASAuthorizationAppleIDProvider.CredentialState`).
package enum AppleCredentialState: Sendable, Hashable {
    /// The credential is valid.
    case authorized
    /// The person revoked Sign in with Apple for this app.
    case revoked
    /// Apple knows no such credential for this app.
    case notFound
    /// The app moved to another developer team; the identifier must be migrated, not signed out.
    case transferred
    /// A state this version of WoteKit does not know; treated like `authorized`.
    case unknown
}

extension AppleCredentialState {
    /// Reads Apple's answer to `getCredentialState(forUserID:completion:)`: the state first, the
    /// error second.
    ///
    /// Apple passes an error *together with* `notFound` (`ASAuthorizationAppleIDProvider.h`: "If
    /// credentialState is ASAuthorizationAppleIDProviderCredentialNotFound, an error will also be
    /// passed in the completion block"), so an error does not mean that the check failed. Only an
    /// error that comes with a state WoteKit does not know means "could not check".
    ///
    /// - Parameters:
    ///   - appleRawValue: `ASAuthorizationAppleIDProvider.CredentialState.rawValue`
    ///     (`ASAuthorizationAppleIDProviderCredentialState`, an `NSInteger`: revoked 0, authorized 1,
    ///     notFound 2, transferred 3).
    ///   - withError: whether an error came with it.
    /// - Returns: the state; ``unknown`` for a value newer than WoteKit without an error; `nil` (the
    ///   check failed) for such a value with an error.
    package init?(appleRawValue: Int, withError: Bool) {
        switch appleRawValue {
        case 0: self = .revoked
        case 1: self = .authorized
        case 2: self = .notFound
        case 3: self = .transferred
        default:
            guard !withError else { return nil }
            self = .unknown
        }
    }
}
