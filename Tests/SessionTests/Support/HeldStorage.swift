import WoteData
import WoteDomain
import WoteKitTesting
import WoteLocked

/// A token store that can hold one operation in flight until the test releases it, to land that
/// operation after other changes to the session.
final class HeldStorage: TokenStorage {
    /// Which operation ``holdNext(_:)`` holds.
    enum Operation {
        /// A ``load()``, held after it has read the store, so its result lands late.
        case load
        /// A ``save(_:)`` or ``remove()``, held before it writes.
        case write
    }

    let inner = TestTokenStorage()
    /// Opened when the held operation arrives (for a load: once it has read).
    let arrived = Latch()
    /// The held operation goes on once this opens.
    let release = Latch()
    private let heldOperation = Locked<Operation?>(nil)

    /// Holds the next `operation`.
    func holdNext(_ operation: Operation) {
        heldOperation.withLock { $0 = operation }
    }

    func load() async throws(TokenStorageError) -> StoredSession? {
        let stored = try await inner.load()
        await waitIfHeld(.load)
        return stored
    }

    func save(_ session: StoredSession) async throws(TokenStorageError) {
        await waitIfHeld(.write)
        try await inner.save(session)
    }

    func remove() async throws(TokenStorageError) {
        await waitIfHeld(.write)
        try await inner.remove()
    }

    private func waitIfHeld(_ operation: Operation) async {
        let isHeld = heldOperation.withLock { held in
            guard held == operation else { return false }
            held = nil
            return true
        }
        if isHeld {
            await arrived.open()
            await release.wait()
        }
    }
}
