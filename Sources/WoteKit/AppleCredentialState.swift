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
