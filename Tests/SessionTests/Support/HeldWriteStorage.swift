import WoteData
import WoteDomain
import WoteKitTesting

/// A token store that can hold one write (a save or a removal) in flight until the test releases
/// it, to land a write after other changes to the session.
final class HeldWriteStorage: TokenStorage {
    let inner = TestTokenStorage()
    /// Opened when the held write arrives.
    let writeArrived = Latch()
    /// The held write goes on once this opens.
    let release = Latch()
    private let holdNext = Locked(false)

    /// Holds the next ``save(_:)`` or ``remove()``.
    func holdNextWrite() {
        holdNext.withLock { $0 = true }
    }

    func load() async throws(TokenStorageError) -> StoredSession? {
        try await inner.load()
    }

    func save(_ session: StoredSession) async throws(TokenStorageError) {
        await waitIfHeld()
        try await inner.save(session)
    }

    func remove() async throws(TokenStorageError) {
        await waitIfHeld()
        try await inner.remove()
    }

    private func waitIfHeld() async {
        let hold = holdNext.withLock { hold in
            defer { hold = false }
            return hold
        }
        if hold {
            await writeArrived.open()
            await release.wait()
        }
    }
}
