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
    /// Reject a superseded refresh token with E016 and revoke its session.
    public var strictRotation = false
    /// Serve `/__test/**` and start the redirect target listener.
    public var testHooks = false
    /// Write one access-log line per request on standard error.
    public var accessLog = true
    /// PBKDF2 iterations for ID/password accounts.
    public var passwordIterations = 10_000

    public init() {}
}
