public import Foundation
import WoteData
import WoteDomain

/// Everything WoteKit needs to know, in one value: where the server is, where tokens live, how
/// how time and the network are reached.
///
/// ```swift
/// var configuration = WoteConfiguration(baseURL: URL(string: "https://api.wote.example")!)
/// configuration.requestTimeout = .seconds(15)
/// let wote = WoteClient(configuration: configuration)
/// ```
public struct WoteConfiguration: Sendable {
    /// The API's base URL; the bearer token is sent to its origin only.
    public var baseURL: URL
    /// Where the session is kept between launches. Defaults to ``defaultStorage(appName:)``.
    public var storage: any TokenStorage
    /// The network. Defaults to URLSession with redirects handled by WoteKit.
    public var transport: HTTPTransport
    /// Wall-clock and monotonic time.
    public var clock: WoteClock
    /// Refresh leeway, storm guard, and the backend's session contract (Wote by default).
    public var session: SessionConfiguration
    /// How long one HTTP exchange may take before it fails with ``WoteError/timeout``.
    public var requestTimeout: Duration
    /// Receives each request, refresh and session change as a redacted event; by default
    /// `os.Logger` on Apple platforms and nothing on Linux (``WoteDiagnostics/platformDefault``).
    public var diagnostics: WoteDiagnostics = .platformDefault

    /// Creates a configuration; everything but the base URL has a default.
    ///
    /// - Parameters:
    ///   - baseURL: the API's base URL.
    ///   - storage: the token store.
    ///   - transport: the network.
    ///   - clock: the time source.
    ///   - session: session engine settings.
    ///   - requestTimeout: the time-out of each HTTP exchange.
    public init(
        baseURL: URL, storage: any TokenStorage = WoteConfiguration.defaultStorage(),
        transport: HTTPTransport = .live,
        clock: WoteClock = .live, session: SessionConfiguration = SessionConfiguration(),
        requestTimeout: Duration = .seconds(30)
    ) {
        self.baseURL = baseURL
        self.storage = storage
        self.transport = transport
        self.clock = clock
        self.session = session
        self.requestTimeout = requestTimeout
    }

    /// The platform's token store: the Keychain on Apple platforms; elsewhere a 0600 file
    /// `session.json` under `$XDG_STATE_HOME/<appName>/` (or `~/.local/state/<appName>/`).
    ///
    /// - Parameter appName: the Keychain service, or the state folder's name.
    public static func defaultStorage(appName: String = "wote") -> any TokenStorage {
        #if canImport(Security)
        return KeychainTokenStorage(service: appName)
        #else
        return FileTokenStorage(fileURL: defaultStateDirectory(appName: appName).appendingPathComponent("session.json"))
        #endif
    }

    /// `$XDG_STATE_HOME/<appName>` when set, else `~/.local/state/<appName>`.
    ///
    /// - Parameter appName: the folder's name.
    public static func defaultStateDirectory(appName: String = "wote") -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent(appName)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state").appendingPathComponent(appName)
    }
}
