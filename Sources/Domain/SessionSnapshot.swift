/// The session as it stands: its state and, while there is one, its tokens and their expiry dates.
public struct SessionSnapshot: Sendable, Equatable {
    /// The authentication state.
    public var state: AuthenticationState
    /// The current tokens, when signed in; their description is redacted.
    public var tokens: TokenPair?
    /// Whether the session is kept in the token store ("keep me signed in") or in memory only.
    public var isPersistent: Bool
    /// A passing failure met while producing this snapshot (a refresh at launch that could not reach
    /// the server); the session was kept. `nil` when all went well.
    public var warning: WoteError?

    /// Creates a snapshot.
    public init(
        state: AuthenticationState, tokens: TokenPair? = nil, isPersistent: Bool = true, warning: WoteError? = nil
    ) {
        self.state = state
        self.tokens = tokens
        self.isPersistent = isPersistent
        self.warning = warning
    }
}
