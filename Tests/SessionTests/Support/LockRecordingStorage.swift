import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked

/// A token store that records how long each change was allowed to wait for its lock.
final class LockRecordingStorage: TokenStorage {
    let inner = TestTokenStorage()
    private let recordedWaits = Locked<[Duration]>([])

    /// The `limit` of every ``lock(waitingAtMost:)`` call, in order.
    var lockWaits: [Duration] { recordedWaits.current }

    func load() async throws(TokenStorageError) -> StoredSession? {
        try await inner.load()
    }

    func save(_ session: StoredSession) async throws(TokenStorageError) {
        try await inner.save(session)
    }

    func remove() async throws(TokenStorageError) {
        try await inner.remove()
    }

    func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock {
        recordedWaits.withLock { $0.append(limit) }
        return .none
    }
}
