import WoteData
public import WoteDomain

/// An ``AccountRepository`` that keeps accounts in memory and refuses a taken ID the way the server
/// does, for testing sign-up screens without a server.
///
/// ```swift
/// let accounts = InMemoryAccountRepository(existingLoginIds: ["wote01"])
/// let outcome = try await SignUpUseCase(accounts: accounts).execute(form)   // .refused(message: ...)
/// ```
public final class InMemoryAccountRepository: AccountRepository {
    /// The server's sentence when an ID is taken, as ``WoteError/rejected(code:message:)`` carries it.
    public static let loginIdTakenMessage = "이미 사용 중인 아이디입니다."

    private struct State {
        var loginIds: Set<String>
        var forms: [SignUpForm] = []
        var failure: WoteError?
        var gate: CallGate?
    }

    private let state: Locked<State>

    /// Creates a repository in which `existingLoginIds` are already taken.
    public init(existingLoginIds: Set<String> = []) {
        state = Locked(State(loginIds: existingLoginIds))
    }

    /// Makes every later sign-up fail with `error` (`nil` undoes it), for example
    /// `.networkUnavailable("offline")` or `.serverFailure(status: 500, code: nil, message: "")`.
    public func failSignUps(with error: WoteError?) {
        state.withLock { $0.failure = error }
    }

    /// Holds every later call at `gate` until the test opens it (`nil` stops holding).
    public func holdCalls(at gate: CallGate?) {
        state.withLock { $0.gate = gate }
    }

    /// Every form received so far, valid or not, in order.
    public var signUpForms: [SignUpForm] { state.current.forms }

    /// The IDs that have an account.
    public var loginIds: Set<String> { state.current.loginIds }

    /// Validates `form` as the real repository does, then creates the account, refuses a taken ID
    /// with `rejected(code: nil, message:)`, or throws the scripted failure.
    public func signUp(_ form: SignUpForm) async throws(WoteError) {
        let gate = state.withLock { state in
            state.forms.append(form)
            return state.gate
        }
        await gate?.pass()
        try form.validate()
        try state.withLock { (state: inout State) throws(WoteError) in
            if let failure = state.failure { throw failure }
            guard !state.loginIds.contains(form.loginId) else {
                throw .rejected(code: nil, message: InMemoryAccountRepository.loginIdTakenMessage)
            }
            state.loginIds.insert(form.loginId)
        }
    }
}
