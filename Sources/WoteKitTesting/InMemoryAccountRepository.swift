public import WoteDomain
import WoteLocked

/// An ``AccountRepository`` that keeps accounts in memory and refuses a taken ID the way the server
/// does, for testing sign-up screens without a server.
///
/// ```swift
/// import WoteKitTesting
///
/// let accounts = InMemoryAccountRepository(existingLoginIds: ["wote01"])
/// let form = SignUpForm(
///     loginId: "wote01", password: "vote1234", name: "김투표", email: "vote@wote.kr", phone: "010-1234-5678")
/// let outcome = try await SignUpUseCase(accounts: accounts)(form)
/// // .refused(message: InMemoryAccountRepository.loginIdTakenMessage)
/// ```
public final class InMemoryAccountRepository: AccountRepository {
    /// The server's sentence when an ID is taken, as ``WoteError/rejected(code:message:)`` carries it.
    public static let loginIdTakenMessage = "이미 사용 중인 아이디입니다."

    private struct State: GatedCalls {
        var loginIds: Set<String>
        var forms: [SignUpForm] = []
        var outcome: SignUpOutcome?
        var failure: WoteError?
        var gate: CallGate?
    }

    private let state: Locked<State>

    /// Creates a repository in which `existingLoginIds` are already taken.
    public init(existingLoginIds: Set<String> = []) {
        state = Locked(State(loginIds: existingLoginIds))
    }

    /// Makes every later sign-up end with `outcome` (`nil` undoes it), for example
    /// `.networkUnavailable(.networkUnavailable("offline"))` or `.malformedRequest(message: "")`.
    public func answerSignUps(with outcome: SignUpOutcome?) {
        state.withLock { $0.outcome = outcome }
    }

    /// Makes every later sign-up throw `error` (`nil` undoes it); only a failure that is not an
    /// answer throws, such as `.cancelled`.
    public func failSignUps(with error: WoteError?) {
        state.withLock { $0.failure = error }
    }

    /// Holds every later call at `gate` until the test opens it (`nil` stops holding).
    public func holdCalls(at gate: CallGate?) {
        state.holdCalls(at: gate)
    }

    /// Every form received so far, valid or not, in order.
    public var signUpForms: [SignUpForm] { state.current.forms }

    /// The IDs that have an account.
    public var loginIds: Set<String> { state.current.loginIds }

    /// Creates the account, refuses a taken ID with ``loginIdTakenMessage`` as the server does, or
    /// answers with the scripted outcome.
    public func signUp(_ form: SignUpForm) async throws(WoteError) -> SignUpOutcome {
        await state.arrive { $0.forms.append(form) }
        if Task.isCancelled { throw .cancelled }
        return try state.withLock { (state: inout State) throws(WoteError) -> SignUpOutcome in
            if let failure = state.failure { throw failure }
            if let outcome = state.outcome { return outcome }
            guard !state.loginIds.contains(form.loginId) else {
                return .refused(message: InMemoryAccountRepository.loginIdTakenMessage)
            }
            state.loginIds.insert(form.loginId)
            return .created
        }
    }
}
