public import WoteDomain
import WoteLocked

/// A ``LoginProvider`` that hands out a queue of credentials or errors, one per call, standing in
/// for Sign in with Apple or Kakao in tests.
///
/// ```swift
/// import WoteKitTesting
///
/// let provider = ScriptedLoginProvider([.failure(.cancelled), .success(.apple(authorizationCode: "c"))])
/// ```
public final class ScriptedLoginProvider: LoginProvider {
    private struct State: GatedCalls {
        var script: [Result<LoginCredential, WoteError>]
        var requests = 0
        var gate: CallGate?
    }

    private let state: Locked<State>

    /// Creates a provider that answers the calls in order from `script`.
    ///
    /// - Parameter script: one answer per call; once it is used up, every call throws
    ///   ``WoteError/cancelled``, as if the person backed out.
    public init(_ script: [Result<LoginCredential, WoteError>]) {
        state = Locked(State(script: script))
    }

    /// Creates a provider that yields `credentials` in order.
    public convenience init(credentials: LoginCredential...) {
        self.init(credentials.map { .success($0) })
    }

    /// A provider whose person always backs out.
    public static var cancelling: ScriptedLoginProvider { ScriptedLoginProvider([]) }

    /// Holds every later call at `gate` until the test opens it (`nil` stops holding), like a
    /// provider's UI that is still on screen.
    public func holdCalls(at gate: CallGate?) {
        state.holdCalls(at: gate)
    }

    /// How many credentials were asked for.
    public var requestCount: Int { state.current.requests }

    /// The answers not handed out yet.
    public var remainingScript: [Result<LoginCredential, WoteError>] { state.current.script }

    /// The next answer in the script.
    ///
    /// - Returns: the scripted credential.
    /// - Throws: the scripted error, or ``WoteError/cancelled`` once the script is used up.
    public func credential() async throws(WoteError) -> LoginCredential {
        await state.arrive { $0.requests += 1 }
        let next = state.withLock { state in state.script.isEmpty ? nil : state.script.removeFirst() }
        guard let next else { throw .cancelled }
        return try next.get()
    }
}
