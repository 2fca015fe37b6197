/// How the session engine keeps tokens fresh; the defaults speak the Wote contract.
///
/// ```swift
/// var session = SessionConfiguration()
/// session.refreshLeeway = .seconds(60)
/// ```
public struct SessionConfiguration: Sendable {
    /// How long before its expiry an access token is refreshed before use. Never more than half the
    /// token's lifetime, so short-lived tokens are not refreshed before every request. Default 30 s.
    public var refreshLeeway: Duration
    /// The most refreshes allowed within ``refreshWindow``; one more fails with
    /// ``WoteError/tooManyRefreshes`` instead of looping on a misbehaving server. Default 20.
    public var maximumRefreshesPerWindow: Int
    /// The window for ``maximumRefreshesPerWindow``, on the monotonic clock. Default 10 s.
    public var refreshWindow: Duration
    /// The refresh call and the meaning of answers; ``SessionContract/wote`` by default.
    public var contract: SessionContract
    /// How many authorized requests are on the wire at once; the others wait and take the access
    /// token when a slot opens, so after a rejection they carry the refreshed token. Match the
    /// transport's connections per host (16 for WoteKit's URLSession and AsyncHTTPClient
    /// transports). Default 16.
    public var maximumConcurrentRequests: Int = 16
    /// The longest wait for the store's lock held by another process, after which the change fails
    /// with ``WoteError/storageFailure(_:)``; `nil` (the default) means the request time-out plus 5 s.
    public var storeLockTimeout: Duration?
    /// Whether this process spends the refresh token itself (``SessionRole/leader``, the default:
    /// the app) or asks the leader sharing its store first (``SessionRole/follower``: a widget or
    /// an extension). See ``SessionRole``.
    public var role: SessionRole = .leader
    /// How long a ``SessionRole/follower`` waits for the leader's new pair before it refreshes
    /// itself, under the store's lock (no leader is running). Default 3 s.
    public var followerWait: Duration = .seconds(3)

    /// Creates a configuration; every parameter has the Wote default.
    public init(
        refreshLeeway: Duration = .seconds(30),
        maximumRefreshesPerWindow: Int = 20, refreshWindow: Duration = .seconds(10),
        contract: SessionContract = .wote, storeLockTimeout: Duration? = nil
    ) {
        self.storeLockTimeout = storeLockTimeout
        self.refreshLeeway = refreshLeeway
        self.maximumRefreshesPerWindow = maximumRefreshesPerWindow
        self.refreshWindow = refreshWindow
        self.contract = contract
    }
}

/// Who spends the refresh token of a store that several processes share (an app, its widget and
/// its extensions, issue 31).
///
/// ```swift
/// var widgetSession = SessionConfiguration()
/// widgetSession.role = .follower
/// ```
public enum SessionRole: Sendable, Equatable {
    /// Refreshes when its access token is due, and when a follower on the same store asks for a
    /// new pair while the pair it holds is due. The app.
    case leader
    /// Never refreshes first: when its access token is due it asks the leader through the store's
    /// notices and adopts the pair the leader stores; only when no new pair arrives within
    /// ``SessionConfiguration/followerWait`` does it refresh itself, under the store's lock. A
    /// widget or an extension.
    case follower
}
