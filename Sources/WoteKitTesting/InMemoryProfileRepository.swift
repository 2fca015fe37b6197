public import WoteDomain
import WoteLocked

/// A ``ProfileRepository`` that keeps the profile and the taken nicknames in memory, with failures
/// a test can script, for testing profile screens without a server.
///
/// Pass the ``InMemoryAuthRepository`` in use so that completing the profile signs the person in,
/// as it does with the real server.
///
/// ```swift
/// import WoteKitTesting
///
/// let auth = InMemoryAuthRepository(storedState: .profileRequired)
/// let profiles = InMemoryProfileRepository(takenNicknames: ["투표왕"], auth: auth)
/// ```
public final class InMemoryProfileRepository: ProfileRepository {
    /// An operation whose failure can be scripted.
    public enum Operation: Sendable, Hashable, CaseIterable {
        /// ``InMemoryProfileRepository/isNicknameAvailable(_:)``.
        case checkNickname
        /// ``InMemoryProfileRepository/completeProfile(_:)``.
        case completeProfile
        /// ``InMemoryProfileRepository/fetchMyProfile()``.
        case fetchMyProfile
        /// ``InMemoryProfileRepository/setConsumerType(_:)``.
        case setConsumerType
    }

    private struct State: GatedCalls {
        var takenNicknames: Set<String>
        var profile: User?
        var failures: [Operation: WoteError] = [:]
        var checkedNicknames: [Nickname] = []
        var drafts: [ProfileDraft] = []
        var consumerTypeUpdates: [ConsumerType] = []
        var fetchCount = 0
        var gate: CallGate?
    }

    private let state: Locked<State>
    private let auth: InMemoryAuthRepository?

    /// Creates a repository.
    ///
    /// - Parameters:
    ///   - takenNicknames: nicknames other members use.
    ///   - profile: the member's completed profile, or `nil` while it is not completed.
    ///   - auth: the session to mark signed in when the profile gets completed, if any.
    public init(takenNicknames: Set<String> = [], profile: User? = nil, auth: InMemoryAuthRepository? = nil) {
        state = Locked(State(takenNicknames: takenNicknames, profile: profile))
        self.auth = auth
    }

    /// Makes every later call of `operation` fail with `error` (`nil` undoes it).
    public func fail(_ operation: Operation, with error: WoteError?) {
        state.withLock { $0.failures[operation] = error }
    }

    /// Holds every later call at `gate` until the test opens it (`nil` stops holding).
    public func holdCalls(at gate: CallGate?) {
        state.holdCalls(at: gate)
    }

    /// Marks `nickname` as used by someone else.
    public func takeNickname(_ nickname: String) {
        state.withLock { _ = $0.takenNicknames.insert(nickname) }
    }

    /// The stored profile; `nil` while it is not completed.
    public var profile: User? { state.current.profile }

    /// Every nickname the server was asked about, in order.
    public var checkedNicknames: [Nickname] { state.current.checkedNicknames }

    /// Every profile sent for completion, in order.
    public var completedDrafts: [ProfileDraft] { state.current.drafts }

    /// Every consumer type sent, in order.
    public var consumerTypeUpdates: [ConsumerType] { state.current.consumerTypeUpdates }

    /// How many times the profile was fetched.
    public var fetchCount: Int { state.current.fetchCount }

    /// Whether nobody holds `nickname`, or the scripted failure.
    public func isNicknameAvailable(_ nickname: Nickname) async throws(WoteError) -> Bool {
        await state.arrive { $0.checkedNicknames.append(nickname) }
        return try perform(.checkNickname) { state in
            !state.takenNicknames.contains(nickname.value)
        }
    }

    /// Stores the profile (the nickname becomes taken) and marks the session signed in; throws
    /// ``WoteError/nicknameTaken`` when someone holds the nickname, or the scripted failure.
    public func completeProfile(_ draft: ProfileDraft) async throws(WoteError) {
        await state.arrive { $0.drafts.append(draft) }
        try perform(.completeProfile) { (state) throws(WoteError) in
            guard !state.takenNicknames.contains(draft.nickname.value) else { throw .nicknameTaken }
            state.takenNicknames.insert(draft.nickname.value)
            state.profile = User(nickname: draft.nickname.value, school: draft.school)
        }
        auth?.markProfileCompleted()
    }

    /// The stored profile; ``WoteError/profileRequired`` while there is none, or the scripted failure.
    public func fetchMyProfile() async throws(WoteError) -> User {
        await state.arrive { $0.fetchCount += 1 }
        return try perform(.fetchMyProfile) { (state) throws(WoteError) in
            guard let profile = state.profile else { throw .profileRequired }
            return profile
        }
    }

    /// Sets the stored profile's consumer type; ``WoteError/profileRequired`` while there is no
    /// profile, or the scripted failure.
    public func setConsumerType(_ consumerType: ConsumerType) async throws(WoteError) {
        await state.arrive { $0.consumerTypeUpdates.append(consumerType) }
        try perform(.setConsumerType) { (state) throws(WoteError) in
            guard state.profile != nil else { throw .profileRequired }
            state.profile?.consumerType = consumerType
        }
    }

    /// Runs `body` unless a failure is scripted for `operation`.
    private func perform<T>(_ operation: Operation, _ body: (inout State) throws(WoteError) -> T) throws(WoteError) -> T
    {
        try state.withLock { (state: inout State) throws(WoteError) in
            if let failure = state.failures[operation] { throw failure }
            return try body(&state)
        }
    }
}
