/// Everything `wote-server` can be told on its command line.
public struct ServerOptions: Sendable, Equatable {
    /// Address to bind; loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// Port of the API listener; `0` picks a free one.
    public var port = 8080
    /// Port of the redirect target listener (only with test hooks); `0` picks a free one.
    public var redirectPort = 0
    /// Lifetime of an access token in milliseconds (default 30 minutes).
    public var accessTTLMilliseconds: Int64 = 30 * 60_000
    /// Lifetime of a refresh token in milliseconds (default 14 days).
    public var refreshTTLMilliseconds: Int64 = 14 * 86_400_000
    /// What a superseded refresh token gets (default `lax`, the real server's behaviour).
    public var refreshReuse = RefreshReuse.lax
    /// How long after a rotation, in `grace` mode, the superseded refresh token still gets the same
    /// new pair (default 30 s).
    public var reuseGraceMilliseconds: Int64 = 30_000
    /// Reject a superseded refresh token with E016 and revoke its session: `refreshReuse == .strict`.
    public var strictRotation: Bool {
        get { refreshReuse == .strict }
        set { refreshReuse = newValue ? .strict : .lax }
    }
    /// Serve `/__test/**` and start the redirect target listener.
    public var testHooks = false
    /// Write one access-log line per request on standard error.
    public var accessLog = true
    /// PBKDF2 iterations for ID/password accounts.
    public var passwordIterations = 10_000

    public init() {}
}
