import WoteData
import WoteKit
import WoteKitTesting
import WoteLocked

/// Every change of the shared store's session from one family to another, with who made it: a
/// client (by index) or another process (`nil`).
final class StoreHistory: Sendable {
    struct Change {
        let writer: Int?
        let from: Int?
        let to: Int?
    }

    private let changes = Locked<[Change]>([])

    func record(writer: Int?, from: Int?, to: Int?) {
        if from != to { changes.withLock { $0.append(Change(writer: writer, from: from, to: to)) } }
    }

    /// The last `count` changes, oldest first, as `client 0: 3 -> 4` (`-` for an empty store).
    func last(_ count: Int) -> String {
        changes.current.suffix(count).map { change in
            let writer = change.writer.map { "client \($0)" } ?? "another process"
            return "\(writer): \(change.from.map(String.init) ?? "-") -> \(change.to.map(String.init) ?? "-")"
        }.joined(separator: ", ")
    }

    /// Every family the store held and then lost (replaced or removed), whoever wrote.
    var replaced: Set<Int> { Set(changes.current.compactMap(\.from)) }

    /// The families a session of `family` may have become for `client` without its own doing: those
    /// other writers put in the store over it (through an empty store too), and so on. An engine
    /// cannot tell another process's sign-in from its refresh of the same session (the store holds
    /// no identity), so it may adopt them.
    func successors(of family: Int, for client: Int) -> Set<Int> {
        var reached: Set<Int?> = [family]
        var grew = true
        let all = changes.current
        while grew {
            grew = false
            for change in all where change.writer != client && reached.contains(change.from) {
                if reached.insert(change.to).inserted { grew = true }
            }
        }
        return Set(reached.compactMap { $0 })
    }
}

/// The in-memory store both clients share (one object, as one Keychain item is), recording every
/// change and which client made it: the client whose operation's task (or a task it started, such
/// as a refresh) wrote, named by ``writer``.
final class TaggedStorage: TokenStorage {
    /// The client on whose behalf the current task runs; `nil` for another process.
    @TaskLocal static var writer: Int?

    let inner: TestTokenStorage
    let history: StoreHistory
    /// The session a token belongs to (``FakeWoteServer/session(of:)``).
    let session: @Sendable (String) -> Int?
    /// Issue 45 item 7: where the store's reads, writes and lock outcomes are recorded, if anywhere.
    let trace: ModelTrace?
    /// Whether the next lock waits fail (`lockTimedOut`), as a time-out, a cancelled caller or refused
    /// background time make them fail.
    let locksFail = Locked(false)
    /// The sign-out record beside this store, shared by every client on it as a file or Keychain
    /// store's is (issue 45: the record carries an end's owed removal to the other clients).
    let records = InMemorySignOutRecordStore()

    init(
        inner: TestTokenStorage, history: StoreHistory, trace: ModelTrace? = nil,
        session: @escaping @Sendable (String) -> Int?
    ) {
        self.inner = inner
        self.history = history
        self.trace = trace
        self.session = session
    }

    private var writer: Int? { Self.writer }

    private var traceClient: Int { ModelTrace.client(writer) }

    func load() async throws(TokenStorageError) -> StoredSession? {
        let found = try await inner.load()
        trace?.record("load \(traceClient) \(ModelTrace.session(found.flatMap { session($0.tokens.accessToken) }))")
        return found
    }

    func save(_ session: StoredSession) async throws(TokenStorageError) {
        let before = inner.session.flatMap { self.session($0.tokens.accessToken) }
        try await inner.save(session)
        let after = self.session(session.tokens.accessToken)
        trace?.record("save \(traceClient) \(ModelTrace.session(after))")
        history.record(writer: writer, from: before, to: after)
    }

    func remove() async throws(TokenStorageError) {
        let before = inner.session.flatMap { self.session($0.tokens.accessToken) }
        try await inner.remove()
        trace?.record("remove \(traceClient)")
        history.record(writer: writer, from: before, to: nil)
    }

    /// The store's lock as the engines take it: recorded (the engines of one process take turns on
    /// one store, so it is never contended here), and failing while ``locksFail``.
    func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock {
        let client = traceClient
        if locksFail.current {
            trace?.record("lockfail \(client)")
            throw .lockTimedOut("the randomized run's lock wait failed")
        }
        trace?.record("lock \(client)")
        return TokenStorageLock { [trace] in trace?.record("unlock \(client)") }
    }

    func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock {
        try await lock(waitingAtMost: .seconds(35))
    }
}

extension TaggedStorage: KeepsSignOutRecord {
    /// The one record store of this store (``records``).
    var signOutRecords: any SignOutRecordStore { records }
}
