import Foundation
public import Observation
public import WoteDomain
public import WoteUseCases

/// Decides the first screen at launch and follows the session afterwards: restores the session,
/// then re-routes on every session event (signed in, profile required, signed out).
///
/// ```swift
/// import SwiftUI
///
/// struct LaunchRouteView: View {
///     let wote: WoteClient
///     let launch: LaunchViewModel  // wote.makeLaunchViewModel()
///     var body: some View {
///         Group {
///             switch launch.route {
///             case .launching: ProgressView()
///             case .login: LoginView(wote: wote, reason: nil)
///             case .profileSetup: ProfileSetupView(wote: wote)
///             case .home: HomeView(wote: wote)
///             case .storageUnavailable(let reason): Text(reason)  // offer "Try again": start() again
///             }
///         }
///         .task { await launch.start() }
///     }
/// }
/// ```
@MainActor @Observable
public final class LaunchViewModel: ScreenViewModel {
    /// The screen to show.
    public private(set) var route: LaunchRoute = .launching
    /// Whether the session is being restored (at launch, or again after "Try again").
    public var isBusy: Bool { screen.isBusy }
    /// A sentence to show once, such as why the person was signed out or that a refresh failed for
    /// now; `nil` when there is nothing to say.
    public var errorMessage: String? {
        get { screen.errorMessage }
        set { setErrorMessage(newValue) }
    }

    @ObservationIgnored private let restoreSession: RestoreSessionUseCase
    @ObservationIgnored private let observeSession: ObserveSessionUseCase
    @ObservationIgnored private var observation: Task<Void, Never>?
    /// Whether ``errorMessage`` is about a passing refresh failure, which a later refresh clears.
    @ObservationIgnored private var errorIsTransient = false
    /// Whether events should be followed: set by ``start()``, cleared by ``cancel()``.
    @ObservationIgnored private var isFollowing = false
    /// The state the route was last set for.
    @ObservationIgnored private var routedState: AuthenticationState?
    private let screen = ScreenTask()

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - restoreSession: restores the stored session at launch.
    ///   - observeSession: the stream of session events to follow.
    public init(restoreSession: RestoreSessionUseCase, observeSession: ObserveSessionUseCase) {
        self.restoreSession = restoreSession
        self.observeSession = observeSession
    }

    deinit {
        observation?.cancel()
    }

    /// Restores the session and routes on it, then keeps following session events until ``cancel()``.
    ///
    /// Returns once the restored state is routed; the events are followed in a task of their own.
    /// Calling it again (for example "Try again" after ``LaunchRoute/storageUnavailable(_:)``)
    /// restarts both: a restore still under way gives way to the new one, so two overlapping calls
    /// leave one observation, the later call's. ``cancel()`` during the restore lets it route but
    /// not follow events; cancelling the task that called `start()` before the restore ended
    /// leaves the route as it was. ``isBusy`` is `true` while the session is restored.
    public func start() async {
        cancel()
        isFollowing = true
        await screen.run(whileBusy: .replace) { [self] () throws(WoteError) in
            let snapshot = await restoreSession()
            // A later start() replaced this one while it restored: that one routes and observes.
            if Task.isCancelled { throw .cancelled }
            route(to: snapshot.state)
            // The refresh at launch failed for a passing reason: the session was kept; say so once.
            if let warning = snapshot.warning { setErrorMessage(warning.message, transient: true) }
            guard isFollowing else { return }
            // A stream starts with the state as it stands, so whatever changed since the restore
            // (a logout, an expired session) is routed first.
            let events = observeSession()
            observation = Task { [weak self] in
                for await event in events {
                    // An event already delivered when the app cancelled (or started again) is
                    // not routed: the stream hands over what it buffered even after a cancel.
                    guard let self, !Task.isCancelled else { return }
                    self.handle(event)
                }
            }
        }
    }

    /// Stops following session events; the route stays as it is. A restore under way still routes.
    public func cancel() {
        isFollowing = false
        observation?.cancel()
    }

    /// Suspends until the event stream has ended or ``cancel()`` was called; returns at once when
    /// nothing is being followed. For tests and orderly shutdown.
    public func waitUntilObservationEnds() async {
        await observation?.value
    }

    /// Re-routes on one session event.
    ///
    /// ``start()`` calls it for every event; call it directly to route on an event obtained elsewhere.
    ///
    /// - Parameter event: what happened to the session.
    public func handle(_ event: SessionEvent) {
        switch event {
        case .initialState(let state):
            // The state routed last, heard again as a new stream's first event: nothing changed.
            if state != routedState { route(to: state) }
        case .restored(let state):
            route(to: state)
        case .signedIn:
            route(to: .signedIn)
        case .profileRequired:
            route(to: .profileRequired)
        case .signedOut(let reason):
            route(to: .signedOut(reason))
        case .tokensRefreshed:
            if errorIsTransient { setErrorMessage(nil) }
        case .refreshFailed(let error):
            // A passing failure: the session goes on, so the screen stays; say so once.
            setErrorMessage(error.message, transient: true)
        case .refreshStarted, .refreshEnded, .profileFetched:
            break
        case .serverNotToldOfLogout:
            // The session has ended here all the same: the route already follows `signedOut`.
            break
        }
    }

    /// Forgets the error message once it was shown.
    public func dismissError() {
        setErrorMessage(nil)
    }

    private func route(to state: AuthenticationState) {
        routedState = state
        switch state {
        case .signedIn:
            route = .home
            setErrorMessage(nil)
        case .profileRequired:
            route = .profileSetup
            setErrorMessage(nil)
        case .signedOut(let reason):
            route = .login
            setErrorMessage(Self.message(for: reason))
        case .storageUnavailable(let reason):
            route = .storageUnavailable(reason)
            setErrorMessage(nil)
        }
    }

    private func setErrorMessage(_ text: String?, transient: Bool = false) {
        screen.errorMessage = text
        errorIsTransient = text != nil && transient
    }

    /// What to tell a person who was signed out without asking for it; `nil` when they asked.
    private static func message(for reason: SignOutReason) -> String? {
        switch reason {
        case .noSession, .loggedOut, .endedElsewhere, .withdrawn: nil
        case .sessionExpired, .refreshAnswerLost, .banned, .memberGone, .appleCredentialRevoked:
            reason.errorWhenMissing.message
        case .storedSessionCorrupted, .signedOutEverywhere, .providerUnlinked: reason.explanation
        }
    }
}

// MARK: - Previews

extension LaunchViewModel {
    /// A launch screen that shows the route for `state` and stays there, for SwiftUI previews: no
    /// network, no store, no session to follow.
    ///
    /// The route is the one the live screen takes for `state`: ``LaunchRoute/launching`` for `nil`,
    /// ``LaunchRoute/home``, ``LaunchRoute/profileSetup``, ``LaunchRoute/login`` (with the live
    /// screen's ``errorMessage`` for a sign-out the person did not ask for) or
    /// ``LaunchRoute/storageUnavailable(_:)``.
    ///
    /// - Parameter state: the session's state; `nil` while it is being restored.
    /// - Returns: the view model.
    public static func preview(_ state: AuthenticationState?) -> LaunchViewModel {
        let repository = PreviewRepository(state: state ?? .signedOut(.noSession))
        let model = LaunchViewModel(
            restoreSession: RestoreSessionUseCase(auth: repository),
            observeSession: ObserveSessionUseCase(auth: repository))
        if let state { model.handle(.restored(state)) }
        return model
    }
}
