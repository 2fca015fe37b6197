import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// The reference Wote server: the API listener and, with test hooks, the redirect target listener.
/// All state is in memory and lost when the process ends.
///
/// ```swift
/// var options = ServerOptions()
/// options.port = 0
/// options.testHooks = true
/// try await WoteServer(options: options).run()
/// ```
public struct WoteServer: Sendable {
    public let options: ServerOptions
    let state: WoteState
    /// The stand-in for Apple's token and revocation endpoints, which withdrawals call.
    let apple = AppleStandIn()
    let counters: RequestCounters?
    let faults: FaultBook?
    let listeners: ListenerRegistry
    let accessLog: LineSink?
    let errorLog: LineSink
    let logger: Logger

    /// - Parameters:
    ///   - options: what the command line asked for.
    ///   - clock: the wall clock (tests pass a fixed one).
    ///   - accessLog: where access-log lines go; ignored when `options.accessLog` is off.
    ///   - announce: where the first "listening" line goes.
    public init(
        options: ServerOptions,
        clock: ServerClock = .live,
        accessLog: LineSink = .standardError,
        announce: LineSink = .standardOutput
    ) {
        self.options = options
        state = WoteState(settings: TokenSettings(options: options), clock: clock)
        counters = options.testHooks ? RequestCounters() : nil
        faults = options.testHooks ? FaultBook() : nil
        listeners = ListenerRegistry(
            host: options.host, expectsRedirectTarget: options.testHooks, announce: announce,
            refreshReuse: options.refreshReuse, notices: accessLog)
        self.accessLog = options.accessLog ? accessLog : nil
        errorLog = accessLog
        var logger = Logger(label: "wote-server") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        self.logger = logger
    }

    /// Runs until SIGINT or SIGTERM, then stops gracefully and returns.
    /// - Throws: when a listener cannot bind (for example, the port is taken), or the options
    ///   cannot run (test hooks on a host that is not loopback, or without a secret).
    public func run() async throws {
        if let problem = options.problem { throw OptionsError(description: problem) }
        var services: [any Service] = [makeApplication()]
        if options.testHooks, let counters {
            services.append(makeRedirectTargetApplication(counters: counters))
        }
        var configuration = ServiceGroupConfiguration(
            services: services,
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        try await ServiceGroup(configuration: configuration).run()
    }

    func makeApplication() -> Application<RouterResponder<WoteRequestContext>> {
        let listeners = listeners
        return Application(
            router: makeRouter(),
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port)),
            onServerRunning: { channel in await listeners.apiListening(on: channel.localAddress) },
            logger: logger
        )
    }

    func makeRedirectTargetApplication(counters: RequestCounters) -> Application<RedirectTargetResponder> {
        let listeners = listeners
        return Application(
            responder: RedirectTargetResponder(counters: counters, accessLog: accessLog),
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.redirectPort)),
            onServerRunning: { channel in await listeners.redirectTargetListening(on: channel.localAddress) },
            logger: logger
        )
    }

    /// The API routes behind, from outside in: access log, counters, error envelopes, faults and
    /// the Authorization check.
    func makeRouter() -> Router<WoteRequestContext> {
        let router = Router(context: WoteRequestContext.self)
        if let accessLog {
            router.add(middleware: AccessLogMiddleware<WoteRequestContext>(sink: accessLog, label: "access"))
        }
        if let counters {
            router.add(middleware: CountingMiddleware(counters: counters))
        }
        router.add(middleware: ErrorEnvelopeMiddleware(counters: counters, errorLog: errorLog))
        if options.testHooks {
            router.add(middleware: TestHookSecretMiddleware(secret: options.testHooksSecret))
        }
        if let faults {
            router.add(middleware: FaultMiddleware(faults: faults))
        }
        router.add(middleware: AuthorizationMiddleware(state: state, counters: counters))
        LoginController(state: state).addRoutes(to: router)
        TokenController(state: state).addRoutes(to: router)
        AccountController(state: state, passwordIterations: options.passwordIterations).addRoutes(to: router)
        ProfileController(state: state).addRoutes(to: router)
        MemberController(state: state, apple: apple).addRoutes(to: router)
        ImageController(state: state).addRoutes(to: router)
        PostController(state: state).addRoutes(to: router)
        CommentController(state: state).addRoutes(to: router)
        if let counters, let faults {
            TestHookController(state: state, counters: counters, faults: faults, listeners: listeners, apple: apple)
                .addRoutes(to: router)
        }
        return router
    }
}
