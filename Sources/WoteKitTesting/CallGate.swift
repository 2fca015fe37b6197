import WoteDomain
import WoteLocked

/// A gate that holds a fake's calls in flight until the test opens it, so a test can look at state
/// *during* a call (a loading flag, a disabled button) without sleeping.
///
/// ```swift
/// import Testing
/// import WoteKitTesting
///
/// @MainActor @Test func login_isBusyWhileTheSignInIsInFlight() async {
///     let auth = InMemoryAuthRepository()
///     let viewModel = LoginViewModel(login: LoginUseCase(auth: auth))
///     let gate = CallGate()
///     auth.holdCalls(at: gate)
///     let login = Task { await viewModel.loginWithKakao(authorizationCode: "code") }
///     await gate.waitForArrivals()   // the sign-in is now in flight
///     #expect(viewModel.isBusy)
///     gate.open()
///     await login.value
/// }
/// ```
public final class CallGate: Sendable {
    private struct State {
        var isOpen = false
        var arrivals = Arrivals()
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Creates a closed gate.
    public init() {}

    /// How many calls have reached the gate so far.
    public var arrivals: Int { state.current.arrivals.count }

    /// Whether the gate lets calls through.
    public var isOpen: Bool { state.current.isOpen }

    /// Suspends until at least `count` calls have reached the gate (immediately if they have).
    ///
    /// - Parameter count: the number of arrivals to wait for.
    public func waitForArrivals(_ count: Int = 1) async {
        await state.waitUntil(\.arrivals, reach: count)
    }

    /// Lets every held call through, and every later call pass without stopping.
    public func open() {
        let held = state.withLock { state in
            state.isOpen = true
            defer { state.held.removeAll() }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Called by a fake at the start of a call: counts the arrival and suspends while the gate is closed.
    public func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (passNow, satisfied) = state.withLock { state in
                let satisfied = state.arrivals.arrive()
                if !state.isOpen { state.held.append(continuation) }
                return (state.isOpen, satisfied)
            }
            for waiter in satisfied { waiter.resume() }
            if passNow { continuation.resume() }
        }
    }
}
