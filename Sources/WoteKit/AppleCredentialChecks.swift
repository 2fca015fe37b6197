/// The two Apple calls the monitor makes, as an injectable value: the Apple binding
/// (`AppleCredentialChecks.live`) on Apple platforms, fakes in tests.
package struct AppleCredentialChecks: Sendable {
    /// `ASAuthorizationAppleIDProvider().getCredentialState(forUserID:completion:)`, read by
    /// ``AppleCredentialState/init(appleRawValue:withError:)``; `nil` when the check failed.
    package var credentialState: @Sendable (_ userID: String) async -> AppleCredentialState?
    /// One element per `ASAuthorizationAppleIDProvider.credentialRevokedNotification`.
    package var revocationNotices: @Sendable () -> AsyncStream<Void>

    package init(
        credentialState: @escaping @Sendable (_ userID: String) async -> AppleCredentialState?,
        revocationNotices: @escaping @Sendable () -> AsyncStream<Void>
    ) {
        self.credentialState = credentialState
        self.revocationNotices = revocationNotices
    }
}
