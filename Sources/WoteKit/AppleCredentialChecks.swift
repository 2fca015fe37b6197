/// The Apple calls the monitor makes, as an injectable value: the Apple binding
/// (`AppleCredentialChecks.live`) on Apple platforms, fakes in tests.
package struct AppleCredentialChecks: Sendable {
    /// `ASAuthorizationAppleIDProvider().getCredentialState(forUserID:completion:)`: the state, read
    /// by ``AppleCredentialState/init(appleRawValue:withError:)`` (`nil` when the check failed), and
    /// the error that came with it.
    package var credentialAnswer: @Sendable (_ userID: String) async -> AppleCredentialAnswer
    /// One element per `ASAuthorizationAppleIDProvider.credentialRevokedNotification`.
    package var revocationNotices: @Sendable () -> AsyncStream<Void>
    /// One element each time the app becomes active (`UIApplication.didBecomeActiveNotification`;
    /// on macOS, `NSApplication.didBecomeActiveNotification`).
    package var activations: @Sendable () -> AsyncStream<Void>

    package init(
        credentialAnswer: @escaping @Sendable (_ userID: String) async -> AppleCredentialAnswer,
        revocationNotices: @escaping @Sendable () -> AsyncStream<Void>,
        activations: @escaping @Sendable () -> AsyncStream<Void> = { AsyncStream { $0.finish() } }
    ) {
        self.credentialAnswer = credentialAnswer
        self.revocationNotices = revocationNotices
        self.activations = activations
    }

    /// Checks whose answers never come with an error.
    package init(
        credentialState: @escaping @Sendable (_ userID: String) async -> AppleCredentialState?,
        revocationNotices: @escaping @Sendable () -> AsyncStream<Void>,
        activations: @escaping @Sendable () -> AsyncStream<Void> = { AsyncStream { $0.finish() } }
    ) {
        self.init(
            credentialAnswer: { AppleCredentialAnswer(state: await credentialState($0)) },
            revocationNotices: revocationNotices, activations: activations)
    }
}

/// Apple's answer to one credential check: the state (`nil`: the check failed) and the error that
/// came with it, by its domain and code only.
package struct AppleCredentialAnswer: Sendable, Equatable {
    package var state: AppleCredentialState?
    /// The error's `NSError` domain, when there was one.
    package var errorDomain: String?
    /// The error's `NSError` code, when there was one.
    package var errorCode: Int?

    package init(state: AppleCredentialState?, errorDomain: String? = nil, errorCode: Int? = nil) {
        self.state = state
        self.errorDomain = errorDomain
        self.errorCode = errorCode
    }

    /// `domain code`, for diagnostics; `nil` without an error.
    package var errorText: String? {
        errorDomain.map { "\($0) \(errorCode.map(String.init) ?? "?")" }
    }
}
