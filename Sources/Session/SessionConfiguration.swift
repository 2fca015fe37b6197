import WoteData

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
    /// How a refresh whose answer may have been lost (a dropped connection, a time-out) is sent
    /// again with the same refresh token, and how long a `Retry-After` on a 429 or 503 answer to it
    /// is honoured. Default: 3 attempts within 20 s (``LostAnswerRetry/init(maximumAttempts:baseDelay:maximumDelay:window:)``).
    public var lostAnswerRetry = LostAnswerRetry()
    /// When the device's protected data becomes available, so that a session the restore found
    /// ``AuthenticationState/storageUnavailable(reason:)`` (a Keychain locked until the first unlock)
    /// is restored again. ``ProtectedDataNotices/system`` by default.
    public var protectedDataNotices: ProtectedDataNotices = .system

    /// A configuration for `contract`. Apps create one with the public initializer, whose defaults
    /// speak the Wote contract (it lives beside ``SessionContract/wote``, in WoteContract).
    package init(
        contract: SessionContract, refreshLeeway: Duration, maximumRefreshesPerWindow: Int, refreshWindow: Duration,
        storeLockTimeout: Duration?
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

extension SessionConfiguration {
    /// How the engine sends a refresh again when its answer may have been lost.
    ///
    /// A server that rotated the pair but whose answer never arrived has made the client's refresh
    /// token superseded. A server with the grace extension (`Docs/ServerModes.md`) answers the same
    /// token, sent again within its window, with the pair the lost answer carried; the real Wote
    /// server rotates again. So the engine sends the same token again, still holding the store,
    /// after a full-jitter exponential backoff (a random pause between zero and
    /// `baseDelay × 2ⁿ⁻¹`, at most `maximumDelay`), or after the `Retry-After` of a 429 or 503
    /// answer, for at most `maximumAttempts` sends, all within `window` of the first.
    ///
    /// ```swift
    /// var session = SessionConfiguration()
    /// session.lostAnswerRetry = .init(maximumAttempts: 5, window: .seconds(10))
    /// ```
    public struct LostAnswerRetry: Sendable, Equatable {
        /// The most sends of one refresh token in one refresh, the first included; `1` never sends
        /// again. Default 3.
        public var maximumAttempts: Int
        /// The backoff's base: the pause before the n-th send again is at most `baseDelay × 2ⁿ⁻¹`.
        /// Default 0.5 s.
        public var baseDelay: Duration
        /// The longest backoff pause. Default 4 s.
        public var maximumDelay: Duration
        /// Every send again starts within this time of the first send (on the monotonic clock); a
        /// pause or a `Retry-After` that would go past it ends the refresh as a passing failure
        /// instead. Keep it well inside the server's grace window (30 s on the reference server).
        /// Also how long a send recorded in the store (``StoredSession/refreshSentAt``) makes a
        /// refusal of its token read as ``SignOutReason/refreshAnswerLost``. Default 20 s.
        public var window: Duration

        /// Creates a retry policy; every parameter has the default.
        public init(
            maximumAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(4),
            window: Duration = .seconds(20)
        ) {
            self.maximumAttempts = maximumAttempts
            self.baseDelay = baseDelay
            self.maximumDelay = maximumDelay
            self.window = window
        }

        /// Never sends a refresh again: one attempt.
        public static let never = LostAnswerRetry(maximumAttempts: 1)
    }
}
