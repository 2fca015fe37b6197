import Foundation
package import WoteDomain
import WoteLocked

/// A place where an earlier version of WoteKit kept the default store, and which of the sessions found
/// there belong to the store that replaced it.
package struct FormerStoreLocation: Sendable {
    /// The store at the former place.
    package var store: any TokenStorage
    /// Whether a session found there is the new store's to take (another program's or another
    /// origin's session is left where it is).
    package var takes: @Sendable (StoredSession) -> Bool

    /// - Parameters:
    ///   - store: the store at the former place.
    ///   - takes: whether a session found there moves; every session unless given.
    package init(_ store: any TokenStorage, takes: @escaping @Sendable (StoredSession) -> Bool = { _ in true }) {
        self.store = store
        self.takes = takes
    }
}

/// Moves a session from the places an earlier version kept it to a store's own, at the store's first
/// read that finds its own place empty, so an upgrade that changed the default location signs no one
/// out.
///
/// - The session is created at the new place only if that place is still empty (an atomic
///   create-if-absent: a file hard link, a Keychain add), so a move never overwrites a session that
///   another process stored or moved there meanwhile; it is then removed from the former place.
/// - The former place is read again under its own lock (the lock an earlier version running at the
///   same time takes to refresh), so the pair moved is the newest one there.
/// - A former place that cannot be read, or whose lock stays held, makes the read
///   ``TokenStorageError/unavailable(_:)``: the session is neither lost nor signed out, and the next
///   read tries again. One that holds no valid session, or a newer version's, is left alone.
/// - Once every former place was found empty, they are not read again by this value.
/// - Once a session is at the new place (moved there, or stored there by anyone), the move is
///   recorded as done beside the store (``StoreMoveRecord``), and never runs again, in any process:
///   a former copy whose removal failed is not moved back after a logout empties the new place
///   (engine review 2026-11-28, finding 8).
package final class StoreMove: Sendable {
    /// The former places, the most recent first.
    package let formerLocations: [FormerStoreLocation]
    /// How long the move waits for a former place's lock.
    private let lockWait: Duration
    /// Where the move is recorded as done; `nil`: only in this value.
    private let record: (any StoreMoveRecord)?
    private let settled = Locked(false)
    /// Whether this value knows the record is written.
    private let recorded = Locked(false)

    /// - Parameters:
    ///   - formerLocations: the former places, the most recent first.
    ///   - lockWait: how long to wait for a former place's lock.
    ///   - record: where the move is recorded as done, beside the new place.
    package init(
        from formerLocations: [FormerStoreLocation], lockWait: Duration = .seconds(5),
        record: (any StoreMoveRecord)? = nil
    ) {
        self.formerLocations = formerLocations
        self.lockWait = lockWait
        self.record = record
    }

    /// Records the move as done (once per value; a failure is tried again at the next read).
    private func recordDone() {
        guard let record, !recorded.current else { return }
        if record.recordDone() { recorded.withLock { $0 = true } }
    }

    /// The session at the new place; when there is none, the one moved there from a former place.
    ///
    /// - Parameters:
    ///   - read: reads the new place.
    ///   - createIfAbsent: stores a session at the new place unless one is there; `false` when one was.
    /// - Returns: the session, or `nil` when neither the new place nor a former one holds one.
    /// - Throws: what `read` throws; ``TokenStorageError/unavailable(_:)`` when a former place cannot
    ///   be read or its lock taken, or the new place cannot be written.
    package func load(
        reading read: () async throws(TokenStorageError) -> StoredSession?,
        createIfAbsent: (StoredSession) async throws(TokenStorageError) -> Bool
    ) async throws(TokenStorageError) -> StoredSession? {
        if let session = try await read() {
            // The new place is in use: whatever a former place still holds is stale from now on.
            recordDone()
            return session
        }
        guard !formerLocations.isEmpty, !settled.current else { return nil }
        if record?.isDone() == true {
            settled.withLock { $0 = true }
            return nil
        }
        for former in formerLocations {
            guard try await Self.peek(former) != nil else { continue }
            let lock: TokenStorageLock
            do {
                lock = try await former.store.lock(waitingAtMost: lockWait)
            } catch {
                throw .unavailable("cannot move the stored session from its former place: \(error.reason)")
            }
            defer { lock.release() }
            // Under the lock: the newest pair there, unless another process moved it meanwhile.
            guard let session = try await Self.peek(former) else { continue }
            guard try await createIfAbsent(session) else {
                // Something reached the new place first (this session, moved by another process, or
                // a newer one): that wins, and the former copy is stale.
                recordDone()
                try? await former.store.remove()
                return try await read()
            }
            // Recorded before the former copy is removed: a removal that fails leaves a copy that
            // is never moved back.
            recordDone()
            try? await former.store.remove()
            return session
        }
        settled.withLock { $0 = true }
        // Another process may have moved a session here while the former places were read.
        return try await read()
    }

    /// The session at `former` that moves, or `nil` when there is none (or none valid, or none of
    /// its).
    private static func peek(_ former: FormerStoreLocation) async throws(TokenStorageError) -> StoredSession? {
        do {
            guard let session = try await former.store.load(), former.takes(session) else { return nil }
            return session
        } catch .corrupted {
            return nil
        } catch  where error.isWrittenByNewerVersion {
            // A newer version never writes a former place: not this store's session to wait for.
            return nil
        } catch {
            throw .unavailable("cannot read the session's former place: \(error.reason)")
        }
    }
}

/// Where a store records that the move to it is done (see ``StoreMove``): a file or a Keychain item
/// beside the store's own, written once.
package protocol StoreMoveRecord: Sendable {
    /// Whether the move is recorded as done (a record that cannot be read counts as not done).
    func isDone() -> Bool
    /// Records the move as done; `false` when the record could not be written.
    func recordDone() -> Bool
}
