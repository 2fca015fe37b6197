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
    /// Where the session is kept between launches. Unless set, ``defaultStorage(for:appName:)`` for
    /// the current ``baseURL``: a store of its own for each app and each API origin, so a staging and
    /// a production client never share a session.
    public var storage: any TokenStorage {
        get { chosenStorage ?? Self.defaultStorage(for: baseURL) }
        set { chosenStorage = newValue }
    }
    private var chosenStorage: (any TokenStorage)?
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
    /// The largest response body read, in bytes, counted after decompression; a longer one stops the
    /// transfer and fails the call as a malformed answer. Default
    /// ``HTTPTransport/defaultMaximumResponseSize`` (16 MiB), far above any answer of the Wote API.
    public var maximumResponseSize: Int = HTTPTransport.defaultMaximumResponseSize
    /// Whether plain `http://` may be used for a host that is not a loopback one. Default `false`:
    /// a ``baseURL`` such as `http://api.example.com` (or a redirect down to one) fails every call
    /// with ``WoteError/invalidArgument(name:reason:)``, as anyone on the path would read passwords
    /// and tokens. `http://127.0.0.1`, `http://localhost` and `http://[::1]` always work.
    public var allowsInsecureHTTP = false

    /// Creates a configuration; everything but the base URL has a default.
    ///
    /// - Parameters:
    ///   - baseURL: the API's base URL.
    ///   - storage: the token store; `nil` (the default) uses ``defaultStorage(for:appName:)`` for `baseURL`.
    ///   - transport: the network.
    ///   - clock: the time source.
    ///   - session: session engine settings.
    ///   - requestTimeout: the time-out of each HTTP exchange.
    public init(
        baseURL: URL, storage: (any TokenStorage)? = nil,
        transport: HTTPTransport = .live,
        clock: WoteClock = .live, session: SessionConfiguration = SessionConfiguration(),
        requestTimeout: Duration = .seconds(30)
    ) {
        self.baseURL = baseURL
        self.chosenStorage = storage
        self.transport = transport
        self.clock = clock
        self.session = session
        self.requestTimeout = requestTimeout
    }

    /// The platform's token store for the API at `baseURL`: one per app and per API origin (scheme,
    /// host and port), so two apps, or a staging and a production server, never share a session.
    ///
    /// - Apple platforms: the Keychain (``KeychainTokenStorage``), service
    ///   `<bundle identifier>/<origin>`, for example `com.example.app/https://api.wote.example:443`
    ///   (`appName` stands in for the bundle identifier of a process without one, which, on macOS,
    ///   also keeps the login keychain: the data protection keychain needs an app's entitlements).
    /// - Elsewhere: a 0600 file `session.json` in a folder named after the origin, under
    ///   ``defaultStateDirectory(appName:)``, for example
    ///   `~/.local/state/my-server/https_api.wote.example_443/session.json` for a program named `my-server`.
    /// - Where an earlier version kept the default store elsewhere (the Keychain service `wote`, the
    ///   folder `wote` in the state directory), the session moves here at the first read, and the old
    ///   entry is removed: an upgrade signs no one out.
    ///
    /// - Parameters:
    ///   - baseURL: the API's base URL; only its origin matters.
    ///   - appName: the app's name, where there is no bundle identifier; the state folder's name.
    ///     By default the running program's name (``defaultAppName``), so two programs of one user
    ///     never share a session by accident.
    /// - Returns: the token store.
    public static func defaultStorage(for baseURL: URL, appName: String = defaultAppName) -> any TokenStorage {
        #if canImport(Security)
        let bundleIdentifier = Bundle.main.bundleIdentifier
        let isApp = defaultUsesDataProtectionKeychain(bundleIdentifier: bundleIdentifier)
        return KeychainTokenStorage.defaultStore(
            service: defaultKeychainService(for: baseURL, appName: appName, bundleIdentifier: bundleIdentifier),
            useDataProtectionKeychain: isApp, origin: originName(of: baseURL), appName: appName,
            hasBundleIdentifier: isApp)
        #else
        return defaultFileStore(
            for: baseURL, appName: appName,
            stateRoot: defaultStateDirectory(appName: appName).deletingLastPathComponent())
        #endif
    }

    /// The file store of ``defaultStorage(for:appName:)`` where there is no Keychain, with its state
    /// directories in `stateRoot`; it moves the session from where earlier versions kept it
    /// (`DefaultStoreHistory`) at first use.
    package static func defaultFileStore(for baseURL: URL, appName: String, stateRoot: URL) -> FileTokenStorage {
        let folder = originFolder(for: baseURL)
        return DefaultStoreHistory.fileStore(
            at: stateRoot.appendingPathComponent(appName).appendingPathComponent(folder)
                .appendingPathComponent("session.json"),
            stateRoot: stateRoot, originFolder: folder, appName: appName, origin: originName(of: baseURL))
    }

    /// `scheme://host:port` of `baseURL`, as stored sessions and Keychain services name it.
    package static func originName(of baseURL: URL) -> String {
        Origin(baseURL)?.description ?? baseURL.absoluteString
    }

    /// `<scheme>_<host>_<port>`, each part made a safe file name.
    package static func originFolder(for baseURL: URL) -> String {
        Origin(baseURL).map { origin in
            SafeFileName.make(origin.scheme) + "_" + SafeFileName.make(origin.host) + "_" + String(origin.port)
        } ?? SafeFileName.make(baseURL.absoluteString)
    }

    /// The platform's token store shared by every server the app talks to.
    ///
    /// - Parameter appName: the Keychain service, or the state folder's name.
    @available(*, deprecated, message: "one store for every server; use defaultStorage(for:appName:)")
    public static func defaultStorage(appName: String = "wote") -> any TokenStorage {
        #if canImport(Security)
        return KeychainTokenStorage(service: appName)
        #else
        return FileTokenStorage(fileURL: defaultStateDirectory(appName: appName).appendingPathComponent("session.json"))
        #endif
    }

    /// The Keychain service of ``defaultStorage(for:appName:)``: `<bundle identifier or app name>/<origin>`.
    package static func defaultKeychainService(for baseURL: URL, appName: String, bundleIdentifier: String?) -> String {
        let app = bundleIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? appName
        return app + "/" + originName(of: baseURL)
    }

    /// Whether ``defaultStorage(for:appName:)`` uses the data protection keychain on macOS: yes for an
    /// app (it has a bundle identifier, and the entitlements that keychain needs); no for a bare
    /// command-line tool, which the data protection keychain refuses (`errSecMissingEntitlement`), so
    /// it keeps using the login keychain.
    package static func defaultUsesDataProtectionKeychain(bundleIdentifier: String?) -> Bool {
        bundleIdentifier.map { !$0.isEmpty } ?? false
    }

    /// The store file of ``defaultStorage(for:appName:)`` where there is no Keychain:
    /// `<state directory>/<scheme>_<host>_<port>/session.json`, each part made a safe file name.
    package static func defaultStoreFile(for baseURL: URL, appName: String) -> URL {
        defaultStateDirectory(appName: appName).appendingPathComponent(originFolder(for: baseURL))
            .appendingPathComponent("session.json")
    }

    /// The app name the default store is kept under when none is given: the running program's
    /// name (its executable's file name, `ProcessInfo.processInfo.processName`), made a safe file
    /// name. A program that shares its store with another (or keeps the name it had) passes its
    /// own `appName` instead.
    public static var defaultAppName: String {
        appName(forProgram: ProcessInfo.processInfo.processName)
    }

    /// `program` made one safe file name; `app` for a program without a name.
    package static func appName(forProgram program: String) -> String {
        let name = program.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? "app" : SafeFileName.make(name)
    }

    /// `$XDG_STATE_HOME/<appName>` when set, else `~/.local/state/<appName>`.
    ///
    /// - Parameter appName: the folder's name; by default the running program's (``defaultAppName``).
    public static func defaultStateDirectory(appName: String = defaultAppName) -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent(appName)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state").appendingPathComponent(appName)
    }
}
