import Foundation
import Observation
import WoteDomain
import WoteUseCases

/// Decides the first screen at launch and follows the session afterwards: restores the session,
/// then re-routes on every session event (signed in, profile required, signed out).
///
/// ```swift
/// .task { await launch.start() }
/// switch launch.route { case .login: LoginView() ... }
/// ```
@MainActor @Observable
public final class LaunchViewModel {
    /// The screen to show.
    public private(set) var route: LaunchRoute = .launching
    /// A sentence to show once, such as why the person was signed out; `nil` when there is nothing to say.
    public private(set) var notice: String?

    @ObservationIgnored private let restoreSession: RestoreSessionUseCase
    @ObservationIgnored private let observeSession: ObserveSessionUseCase
    @ObservationIgnored private var observation: Task<Void, Never>?
    @ObservationIgnored private var noticeIsTransient = false
    /// Counts calls of ``start()``, so a start that a later one overtook while restoring gives way.
    @ObservationIgnored private var startCount: UInt64 = 0
    /// Whether events should be followed: set by ``start()``, cleared by ``stop()``.
    @ObservationIgnored private var isFollowing = false

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

    /// Restores the session and routes on it, then keeps following session events until ``stop()``.
    ///
    /// Returns once the restored state is routed; the events are followed in a task of their own.
    /// Calling it again (for example "Try again" after ``LaunchRoute/storageUnavailable(_:)``)
    /// restarts both.
    /// Two overlapping calls leave one observation: the later call's. ``stop()`` during the restore
    /// lets it route but not follow events.
    public func start() async {
        stop()
        startCount &+= 1
        let thisStart = startCount
        isFollowing = true
        // Subscribe before restoring, so no event between the two is missed.
        let events = observeSession.execute()
        let snapshot = await restoreSession.execute()
        // A later start() began while this one was restoring: that one routes and observes.
        guard thisStart == startCount else { return }
        route(to: snapshot.state)
        guard isFollowing else { return }
        observation = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.handle(event)
            }
        }
    }

    /// Stops following session events; the route stays as it is.
    public func stop() {
        isFollowing = false
        observation?.cancel()
    }

    /// Suspends until the event stream has ended or ``stop()`` was called; returns at once when
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
        case .restored(let state):
            route(to: state)
        case .signedIn:
            route(to: .signedIn)
        case .profileRequired:
            route(to: .profileRequired)
        case .signedOut(let reason):
            route(to: .signedOut(reason))
        case .tokensRefreshed:
            if noticeIsTransient { setNotice(nil) }
        case .refreshFailed(let error):
            // A passing failure: the session goes on, so the screen stays; say so once.
            setNotice(error.message, transient: true)
        }
    }

    /// Forgets the notice once it was shown.
    public func dismissNotice() {
        setNotice(nil)
    }

    private func route(to state: AuthenticationState) {
        switch state {
        case .signedIn:
            route = .home
            setNotice(nil)
        case .profileRequired:
            route = .profileSetup
            setNotice(nil)
        case .signedOut(let reason):
            route = .login
            setNotice(Self.notice(for: reason))
        case .storageUnavailable(let reason):
            route = .storageUnavailable(reason)
            setNotice(nil)
        }
    }

    private func setNotice(_ text: String?, transient: Bool = false) {
        notice = text
        noticeIsTransient = text != nil && transient
    }

    /// What to tell a person who was signed out without asking for it; `nil` when they asked.
    private static func notice(for reason: SignOutReason) -> String? {
        switch reason {
        case .noSession, .loggedOut, .withdrawn: nil
        case .sessionExpired: WoteError.sessionExpired.message
        case .banned: WoteError.banned.message
        case .memberGone: WoteError.memberGone.message
        case .storedSessionCorrupted: "Your saved sign-in could not be read. Please sign in again."
        case .appleCredentialRevoked: "Sign in with Apple was turned off for this app. Please sign in again."
        }
    }
}
