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
    /// Serve `/__test/**` and start the redirect target listener; only on a loopback ``host`` and
    /// with a ``testHooksSecret``.
    public var testHooks = false
    /// The secret every `/__test/**` call must carry in `X-Wote-Test-Secret` (at least 16
    /// characters); `wote-server` reads it from the environment variable `WOTE_TEST_HOOKS_SECRET`,
    /// never from its arguments (other local users can read those).
    public var testHooksSecret: String?
    /// Serve the `[ext]` items of Docs/API.md (the default); `false` (`--real-server`) behaves as the
    /// real Wote server: their fields are ignored and their endpoints answer 404.
    public var extensions = true
    /// Write one access-log line per request on standard error.
    public var accessLog = true
    /// PBKDF2 iterations for ID/password accounts.
    public var passwordIterations = 10_000

    public init() {}

    /// The name of the environment variable that holds the test hooks' secret.
    public static let testHooksSecretVariable = "WOTE_TEST_HOOKS_SECRET"

    /// The shortest secret the test hooks accept.
    public static let minimumTestHooksSecretLength = 16

    /// Whether `host` is a loopback address: `localhost`, `127.0.0.0/8` or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        let octets = parts.compactMap { part in
            part.allSatisfy({ $0.isASCII && $0.isNumber }) ? UInt8(part) : nil
        }
        guard parts.count == 4, octets.count == 4 else { return false }
        return octets[0] == 127
    }

    /// Why these options cannot run, or `nil`: test hooks need a loopback host and a secret.
    public var problem: String? {
        guard testHooks else { return nil }
        guard Self.isLoopback(host) else {
            return "--test-hooks: only on a loopback --host (127.0.0.1, ::1 or localhost), not '\(host)'"
        }
        guard let testHooksSecret, testHooksSecret.count >= Self.minimumTestHooksSecretLength else {
            return "--test-hooks: set a secret of at least \(Self.minimumTestHooksSecretLength) characters in "
                + "\(Self.testHooksSecretVariable); every /__test call must send it in X-Wote-Test-Secret"
        }
        return nil
    }
}
