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
package final class StoreMove: Sendable {
    /// The former places, the most recent first.
    package let formerLocations: [FormerStoreLocation]
    /// How long the move waits for a former place's lock.
    private let lockWait: Duration
    private let settled = Locked(false)

    /// - Parameters:
    ///   - formerLocations: the former places, the most recent first.
    ///   - lockWait: how long to wait for a former place's lock.
    package init(from formerLocations: [FormerStoreLocation], lockWait: Duration = .seconds(5)) {
        self.formerLocations = formerLocations
        self.lockWait = lockWait
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
        if let session = try await read() { return session }
        guard !formerLocations.isEmpty, !settled.current else { return nil }
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
                try? await former.store.remove()
                return try await read()
            }
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
