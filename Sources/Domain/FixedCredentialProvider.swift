/// A provider that hands over a credential obtained elsewhere: an authorization code the app
/// already has, or an ID and password typed into a form.
public struct FixedCredentialProvider: LoginProvider {
    private let value: LoginCredential

    /// Creates a provider that always yields `credential`.
    public init(_ credential: LoginCredential) {
        value = credential
    }

    /// Returns the credential given at creation.
    public func credential() async throws(WoteError) -> LoginCredential { value }
}
