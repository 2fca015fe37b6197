import Foundation
import WoteData
import WoteDomain
import WotePresentation
import WoteRepository
import WoteUseCases

/// The composition root: builds every layer from one ``WoteConfiguration``; its methods are the
/// verbs an app calls (sign in and out, the session, the profile, the app's own requests) and it
/// hands out the view models. Create one per server, at launch, and keep it.
///
/// ```swift
/// @MainActor func applicationDidLaunch() async throws {
///     let wote = WoteClient(configuration: WoteConfiguration(baseURL: apiURL))
///     let launch = wote.makeLaunchViewModel()
///     await launch.start()          // restores the session: routes to login, profile setup or home
///     let state = try await wote.login(.apple(code), remember: true)
/// }
/// ```
public final class WoteClient: Sendable {
    /// The configuration this client was built from.
    public let configuration: WoteConfiguration
    /// Signing in and out, restore and refresh, session events.
    package let auth: any AuthRepository
    /// ID/password sign-up.
    package let accounts: any AccountRepository
    /// Nickname check, profile setup, my profile, consumer type.
    package let profiles: any ProfileRepository
    /// Push device registration.
    package let devices: any DeviceRepository

    package let engine: SessionEngine
    let appleCredentialMonitoring = AppleCredentialMonitoring()
    let sessionModelSlot = SessionModelSlot()

    /// Wires the layers: the session engine over the transport and storage, the HTTP data source
    /// over the engine, the repositories over both.
    ///
    /// - Parameter configuration: the server, storage, providers, clock and transport.
    public init(configuration: WoteConfiguration) {
        self.configuration = configuration
        let client = HTTPClient(
            baseURL: configuration.baseURL, transport: configuration.transport, timeout: configuration.requestTimeout,
            maximumResponseSize: configuration.maximumResponseSize, allowsInsecureHTTP: configuration.allowsInsecureHTTP
        )
        let engine = SessionEngine(
            client: client, storage: configuration.storage, clock: configuration.clock,
            configuration: configuration.session, diagnostics: configuration.diagnostics)
        let remote = HTTPRemoteDataSource(sender: engine)
        self.engine = engine
        auth = WoteAuthRepository(remote: remote, session: engine, clock: configuration.clock)
        accounts = WoteAccountRepository(remote: remote)
        profiles = WoteProfileRepository(remote: remote, session: engine)
        devices = WoteDeviceRepository(remote: remote)
    }

    /// Ends every session event stream this client handed out; call when tearing the client down.
    public func shutdown() {
        appleCredentialMonitoring.replace(with: nil)
        engine.finishEventStreams()
    }
}
