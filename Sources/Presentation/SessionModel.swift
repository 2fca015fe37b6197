public import Observation
public import WoteDomain
public import WoteUseCases

/// The session as state a screen observes: where the person stands, why they were last signed
/// out, whether a refresh is under way or the last one failed for a passing reason, and the
/// member's profile once fetched.
///
/// It follows every change of the session, whoever made it (a view model, an app call that found
/// the session over, another process's logout noticed at the next call, a revoked Sign in with
/// Apple credential), from the session's event stream. It needs no UI framework: SwiftUI observes
/// it directly and other code with `withObservationTracking`. ``WoteClient/session`` is the one
/// each client owns.
///
/// ```swift
/// import SwiftUI
///
/// struct SessionRootView: View {
///     let wote: WoteClient
///     var body: some View {
///         switch wote.session.state {
///         case nil: ProgressView()  // not restored yet
///         case .signedIn: HomeView(wote: wote)
///         case .profileRequired: ProfileSetupView(wote: wote)
///         case .signedOut, .storageUnavailable: LoginView(wote: wote, reason: wote.session.lastSignOutReason)
///         }
///     }
/// }
/// ```
@MainActor @Observable
public final class SessionModel {
    /// Where the person stands; `nil` until the session is known (the restore at launch has not
    /// finished, and nobody signed in or out since).
    public private(set) var state: AuthenticationState?
    /// Why the person was last signed out (kept after they sign in again); `nil` when nobody has
    /// been signed out since the model began (finding no stored session at launch is not a sign-out).
    public private(set) var lastSignOutReason: SignOutReason?
    /// The record of the last end of a session on this client's store: why, when, through which
    /// call, and the session's last transitions, for a support screen or a crash reporter. It is
    /// read when the model begins (so it says why the person was signed out before this launch) and
    /// again each time the session ends; `nil` when no record is kept, or for a model that follows
    /// no client's store. It holds no token.
    ///
    /// ```swift
    /// @MainActor func supportText(_ session: SessionModel) -> String {
    ///     session.lastSignOut.map { "\($0.reason) at \($0.date)" } ?? "never signed out"
    /// }
    /// ```
    public private(set) var lastSignOut: SignOutRecord?
    /// What to tell the person about their last sign-out, in WoteKit's language ("You were signed
    /// out on another device…" after a sign out everywhere elsewhere); `nil` when they asked for it
    /// here or nobody was signed out. ``SignOutReason/explanation`` of ``lastSignOutReason``.
    public var lastSignOutExplanation: String? { lastSignOutReason?.explanation }
    /// Whether a token refresh is under way.
    public private(set) var isRefreshing = false
    /// The passing failure of the last refresh (offline, time-out, server error), while no later
    /// refresh has succeeded; the session went on. `nil` when all is well.
    public private(set) var refreshFailure: WoteError?
    /// The signed-in member's profile, once fetched through the client or a view model since the
    /// model began; `nil` when signed out.
    public private(set) var profile: User?

    /// Whether someone is signed in (with or without a completed profile).
    public var hasSession: Bool { state?.hasSession ?? false }

    @ObservationIgnored private var following: Task<Void, Never>?

    /// Creates a model that follows `observeSession`'s events until the stream ends.
    ///
    /// - Parameters:
    ///   - observeSession: the session's event stream; its first event is the current state once the
    ///     session is known.
    ///   - readLastSignOut: reads the record of the last end kept beside the store, for
    ///     ``lastSignOut``: once at the start and after each end; by default there is none.
    public init(
        observeSession: ObserveSessionUseCase,
        readLastSignOut: @escaping @Sendable () async -> SignOutRecord? = { nil }
    ) {
        let events = observeSession()
        following = Task { [weak self] in
            let first = await readLastSignOut()
            self?.set(\.lastSignOut, first)
            for await event in events {
                // After a stop, an event the stream had already buffered changes nothing.
                guard let model = self, !Task.isCancelled else { return }
                model.handle(event)
                // The record of an end is written as its event is sent: read it after the event.
                guard Self.mayHaveEnded(event) else { continue }
                let record = await readLastSignOut()
                guard !Task.isCancelled else { return }
                self?.set(\.lastSignOut, record)
            }
        }
    }

    /// Whether `event` may come with a new record of an end: a sign-out, or a restore that found
    /// the stored session unreadable.
    private static func mayHaveEnded(_ event: SessionEvent) -> Bool {
        if case .signedOut(let reason)? = event.state, reason != .noSession { return true }
        return false
    }

    /// A model that follows nothing: its state changes only through ``handle(_:)``.
    private init() {}

    deinit {
        following?.cancel()
    }

    /// Applies one session event. The model calls it for every event of its stream; call it
    /// directly to show a state in a preview or a test.
    ///
    /// - Parameter event: what happened to the session.
    public func handle(_ event: SessionEvent) {
        switch event {
        case .refreshStarted:
            set(\.isRefreshing, true)
        case .refreshEnded:
            set(\.isRefreshing, false)
        case .tokensRefreshed:
            set(\.refreshFailure, nil)
        case .refreshFailed(let error):
            set(\.refreshFailure, error)
        case .profileFetched(let user):
            if hasSession { set(\.profile, user) }
        case .initialState, .restored, .signedIn, .profileRequired, .signedOut:
            if let state = event.state { enter(state) }
        case .serverNotToldOfLogout:
            // The session has ended all the same: `signedOut(loggedOut)` came first.
            break
        }
    }

    private func enter(_ newState: AuthenticationState) {
        if newState != state, newState.hasSession { set(\.refreshFailure, nil) }
        set(\.state, newState)
        guard !newState.hasSession else { return }
        if case .signedOut(let reason) = newState, reason != .noSession { set(\.lastSignOutReason, reason) }
        set(\.profile, nil)
        set(\.refreshFailure, nil)
        set(\.isRefreshing, false)
    }

    /// Sets a property only when the value changes, so observers hear only real changes.
    private func set<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<SessionModel, Value>, _ value: Value) {
        if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
    }
}

// MARK: - Previews

extension SessionModel {
    /// The member shown in previews: "투표왕", a school in Seoul, consumer type FLEXER.
    nonisolated public static let previewProfile = User(
        nickname: "투표왕", school: School(name: "Wote High", region: .seoul), consumerType: .flexer)

    /// Every state a screen may have to show, once each, for a gallery of previews: not restored
    /// yet (`nil`), signed in, profile required, signed out for each reason, storage unavailable.
    nonisolated public static let previewStates: [AuthenticationState?] = [
        nil, .signedIn, .profileRequired, .signedOut(.noSession), .signedOut(.loggedOut), .signedOut(.withdrawn),
        .signedOut(.sessionExpired), .signedOut(.banned), .signedOut(.memberGone),
        .signedOut(.storedSessionCorrupted("the stored session could not be read")),
        .signedOut(.appleCredentialRevoked), .signedOut(.refreshAnswerLost), .signedOut(.signedOutEverywhere),
        .signedOut(.providerUnlinked),
        .storageUnavailable(reason: "the Keychain is locked until the device is unlocked"),
    ]

    /// A model that shows `state` and stays there, for SwiftUI previews: no network, no store, no
    /// session to follow.
    ///
    /// ```swift
    /// import SwiftUI
    ///
    /// struct RefreshBadge: View {
    ///     let session: SessionModel
    ///     var body: some View { Text(session.isRefreshing ? "Refreshing…" : "Up to date") }
    /// }
    ///
    /// struct RefreshBadge_Previews: PreviewProvider {
    ///     static var previews: some View { RefreshBadge(session: .preview(.signedIn, isRefreshing: true)) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: where the person stands; `nil` for "not restored yet". A sign-out's reason is
    ///     also ``lastSignOutReason`` (``SignOutReason/noSession`` aside, which is no sign-out).
    ///   - profile: the member's profile, shown while someone is signed in.
    ///   - isRefreshing: whether a refresh is under way (while someone is signed in).
    ///   - refreshFailure: a passing refresh failure to show (while someone is signed in).
    /// - Returns: the model.
    public static func preview(
        _ state: AuthenticationState?, profile: User? = previewProfile, isRefreshing: Bool = false,
        refreshFailure: WoteError? = nil
    ) -> SessionModel {
        let model = SessionModel()
        guard let state else { return model }
        model.handle(.initialState(state))
        guard state.hasSession else { return model }
        if let profile { model.handle(.profileFetched(profile)) }
        if isRefreshing { model.handle(.refreshStarted) }
        if let refreshFailure { model.handle(.refreshFailed(refreshFailure)) }
        return model
    }
}
