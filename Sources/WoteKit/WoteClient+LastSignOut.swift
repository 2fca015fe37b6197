public import WoteDomain

extension WoteClient {
    /// Why, when and through which call the session on this client's store last ended, with its
    /// last transitions; `nil` when none is kept. Read it at launch for a support screen or a crash
    /// reporter: it is kept beside the token store (a file beside ``FileTokenStorage``'s, a second
    /// Keychain item beside ``KeychainTokenStorage``'s), so it survives a relaunch; an app's own
    /// ``TokenStorage`` gets one in memory. It holds no token.
    ///
    /// ```swift
    /// func reportLastSignOut(of wote: WoteClient) async {
    ///     if let record = await wote.lastSignOut { print(record) }
    /// }
    /// ```
    public var lastSignOut: SignOutRecord? {
        get async { await engine.lastSignOut() }
    }
}
