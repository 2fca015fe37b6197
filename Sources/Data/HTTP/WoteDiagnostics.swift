import Foundation
public import WoteDomain

#if canImport(os)
import os
#endif

/// A hook that receives structured, redacted events: each request, each refresh, each session
/// change. For logs and metrics; never a token, a password, an authorization code or a body.
///
/// ```swift
/// import os
///
/// let logger = Logger(subsystem: "com.example.app", category: "wote")
/// var configuration = WoteConfiguration(baseURL: apiURL)
/// configuration.diagnostics = WoteDiagnostics { event in logger.debug("\(event.description, privacy: .public)") }
/// ```
///
/// The default is ``platformDefault``: `os.Logger` (subsystem `WoteKit`) on Apple platforms,
/// nothing on Linux.
public struct WoteDiagnostics: Sendable {
    /// Receives each event, on whatever task produced it; keep it quick.
    public var handle: @Sendable (DiagnosticEvent) -> Void

    /// Whether events are produced at all; `false` only for ``none``, so that no time is spent
    /// on them.
    public let isEnabled: Bool

    /// Creates a hook from a handler.
    public init(_ handle: @escaping @Sendable (DiagnosticEvent) -> Void) {
        self.handle = handle
        isEnabled = true
    }

    private init(disabled: Void) {
        handle = { _ in }
        isEnabled = false
    }

    /// Drops every event, at no cost.
    public static let none = WoteDiagnostics(disabled: ())

    /// `os.Logger` on Apple platforms (subsystem `WoteKit`, category `session`, debug level),
    /// nothing elsewhere.
    public static var platformDefault: WoteDiagnostics {
        #if canImport(os)
        return WoteDiagnostics { event in
            Logger(subsystem: "WoteKit", category: "session").debug("\(event.description, privacy: .public)")
        }
        #else
        return .none
        #endif
    }

    /// Writes each event's ``DiagnosticEvent/description`` as one line to standard error; a line
    /// that cannot be written (standard error closed) is dropped.
    public static let standardError = WoteDiagnostics { event in
        // `write(contentsOf:)` throws where `write(_:)` raises an Objective-C exception on Apple
        // platforms (a closed pipe), which Swift cannot catch.
        try? FileHandle.standardError.write(contentsOf: Data(("wote: " + event.description + "\n").utf8))
    }
}

/// One thing that happened in the session, redacted.
public enum DiagnosticEvent: Sendable, Equatable, CustomStringConvertible {
    /// A request was answered or failed.
    case request(RequestDiagnostic)
    /// A refresh call ended.
    case refresh(RefreshDiagnostic)
    /// The session changed (signed in, refreshed, profile required, signed out).
    case session(SessionEvent)
    /// An Apple framework answered with an error that changed what WoteKit did (a Sign in with Apple
    /// credential check asked again): one line with the error's domain and code, never a token or a
    /// user identifier.
    case platform(String)

    /// One line for a log.
    public var description: String {
        switch self {
        case .request(let request): request.description
        case .refresh(let refresh): refresh.description
        case .session(let event): "session \(event.diagnosticName)"
        case .platform(let line): line
        }
    }
}

/// A request as diagnostics see it: no query, no header value, no body.
public struct RequestDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The method.
    public var method: String
    /// The path, without its query (which may hold personal data).
    public var path: String
    /// The HTTP status of the last answer, `nil` when none arrived.
    public var status: Int?
    /// From sending to the last answer, retries included.
    public var duration: Duration
    /// Whether it was retried once after the access token was rejected.
    public var retried: Bool
    /// The kind of failure when no usable answer arrived.
    public var failure: WoteError.Kind?

    /// Creates a record.
    public init(
        method: String, path: String, status: Int?, duration: Duration, retried: Bool, failure: WoteError.Kind?
    ) {
        self.method = method
        self.path = path
        self.status = status
        self.duration = duration
        self.retried = retried
        self.failure = failure
    }

    /// `request GET /api/posts 200 12ms`, with `retried` and the failure when they apply.
    public var description: String {
        var text = "request \(method) \(path) \(status.map(String.init) ?? "-") \(duration.milliseconds)ms"
        if retried { text += " retried" }
        if let failure { text += " failed: \(failure)" }
        return text
    }
}

/// A refresh call as diagnostics see it.
public struct RefreshDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// Why the refresh ran.
    public enum Trigger: String, Sendable, Equatable {
        /// The access token was about to expire.
        case proactive
        /// The server rejected the access token.
        case reactive
        /// The app asked (a forced refresh, or at launch with an expired access token).
        case requested
    }

    /// How it ended.
    public enum Outcome: String, Sendable, Equatable {
        /// A new pair.
        case renewed
        /// The server said the session is over.
        case sessionEnded
        /// A passing failure; the tokens were kept.
        case passingFailure
        /// Refused by the storm guard without a call.
        case stormGuard
    }

    /// Why it ran.
    public var trigger: Trigger
    /// How it ended.
    public var outcome: Outcome
    /// How long the call took.
    public var duration: Duration

    /// Creates a record.
    public init(trigger: Trigger, outcome: Outcome, duration: Duration) {
        self.trigger = trigger
        self.outcome = outcome
        self.duration = duration
    }

    /// `refresh reactive renewed 8ms`.
    public var description: String {
        "refresh \(trigger.rawValue) \(outcome.rawValue) \(duration.milliseconds)ms"
    }
}

extension SessionEvent {
    /// The event's name without any detail that could identify a person.
    package var diagnosticName: String {
        switch self {
        case .initialState(let state): "initialState \(state.diagnosticName)"
        case .restored(let state): "restored \(state.diagnosticName)"
        case .refreshStarted: "refreshStarted"
        case .refreshEnded: "refreshEnded"
        case .profileFetched: "profileFetched"
        case .signedIn: "signedIn"
        case .profileRequired: "profileRequired"
        case .tokensRefreshed: "tokensRefreshed"
        case .signedOut(let reason): "signedOut \(reason.diagnosticName)"
        case .refreshFailed(let error): "refreshFailed \(error.kind)"
        case .serverNotToldOfLogout(let error): "serverNotToldOfLogout \(error.kind)"
        }
    }
}

extension AuthenticationState {
    package var diagnosticName: String {
        switch self {
        case .signedIn: "signedIn"
        case .profileRequired: "profileRequired"
        case .signedOut(let reason): "signedOut(\(reason.diagnosticName))"
        case .storageUnavailable: "storageUnavailable"
        }
    }
}

extension SignOutReason {
    /// The case's name as it prints (`description`), without the corruption's reason, which may
    /// quote the store.
    package var diagnosticName: String {
        if case .storedSessionCorrupted = self { return "storedSessionCorrupted" }
        return description
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
