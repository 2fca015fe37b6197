import WoteData
import WoteDomain
import WoteKitTesting

/// A token store that can hold one read after it has read, until the test releases it: to land a
/// read's result after other changes to the session.
final class HeldLoadStorage: TokenStorage {
    let inner = TestTokenStorage()
    /// Opened when the held read has read the store.
    let loadArrived = Latch()
    /// The held read returns once this opens.
    let release = Latch()
    private let holdNext = Locked(false)

    /// Holds the next ``load()`` after it has read.
    func holdNextLoad() {
        holdNext.withLock { $0 = true }
    }

    func load() async throws(TokenStorageError) -> StoredSession? {
        let stored = try await inner.load()
        let hold = holdNext.withLock { hold in
            defer { hold = false }
            return hold
        }
        if hold {
            await loadArrived.open()
            await release.wait()
        }
        return stored
    }

    func save(_ session: StoredSession) async throws(TokenStorageError) {
        try await inner.save(session)
    }

    func remove() async throws(TokenStorageError) {
        try await inner.remove()
    }
}
