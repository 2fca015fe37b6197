import Foundation
import WoteData
package import WoteDomain
import WoteLocked

/// Which engine's task holds its store queue (``SessionEngine/inStoreQueue(_:)``), to catch a
/// holder that enters the queue again (it would wait for itself for ever).
enum StoreQueueHolder {
    @TaskLocal static var engine: ObjectIdentifier?
}

/// One turn at a time per token store in this process: engines (clients) that share a store take
/// turns in its changes even when the store has no cross-process lock (a Keychain store without
/// a shared directory), so two of them never spend one refresh token twice.
package final class StoreTurns: Sendable {
    /// The turns of this process.
    package static let shared = StoreTurns()

    /// A registry of its own (tests); engines use ``shared``.
    package init() {}

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private struct Line {
        var waiters: [Waiter] = []
    }

    private struct State {
        var lines: [Key: Line] = [:]
        var nextID: UInt64 = 0
        var owedRemovals: [Key: OwedRemoval] = [:]
    }

    /// A store that refused a logout's removal and still owes it.
    private struct OwedRemoval {
        /// The store object of an ``Key/instance(_:)`` key: the debt ends with it, since another
        /// object may later have its identity.
        weak var store: AnyObject?
        let isInstance: Bool
        /// The ``StoredSession/sessionID`` of the session whose removal is owed (`nil`: whatever
        /// session of the origin the store holds).
        let sessionID: String?
    }

    private let state = Locked(State())

    /// What tells one store apart from every other in this process: the same for every instance
    /// over one stored item.
    package enum Key: Hashable, Sendable {
        /// A Keychain item: every ``KeychainTokenStorage`` over it, however many were made (the
        /// default Apple store makes one per read of the configuration's `storage`).
        case keychainItem(service: String, account: String, accessGroup: String?)
        /// One store object, shared by the engines given it: an in-memory store, a file store (its
        /// other instances over the same file are kept out by the file's `flock`, which belongs to
        /// each opening of the lock file), an app's own store.
        case instance(ObjectIdentifier)
    }

    /// The key of `storage`'s turns, or `nil` for a store that is a value (a struct), which has no
    /// identity to share.
    ///
    /// An ``Key/instance(_:)`` key stays unique while the store lives, and an engine holds its store
    /// for as long as it can take a turn.
    package static func key(of storage: any TokenStorage) -> Key? {
        if let keychain = storage as? KeychainTokenStorage {
            return .keychainItem(
                service: keychain.service, account: keychain.account, accessGroup: keychain.accessGroup)
        }
        guard type(of: storage) is AnyObject.Type else { return nil }
        return .instance(ObjectIdentifier(storage as AnyObject))
    }

    /// Waits for the turn of `key`, in arrival order.
    ///
    /// - Returns: `true` holding the turn (give it back with ``give(_:)``); `false`, holding
    ///   nothing, after `limit` or when the caller was cancelled.
    package func take(_ key: Key, waitingAtMost limit: Duration) async -> Bool {
        let (free, id) = state.withLock { state -> (Bool, UInt64) in
            guard state.lines[key] != nil else {
                state.lines[key] = Line()
                return (true, 0)
            }
            state.nextID &+= 1
            return (false, state.nextID)
        }
        if free { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let queued = state.withLock { state -> Bool in
                    if Task.isCancelled { return false }
                    guard state.lines[key] != nil else {
                        state.lines[key] = Line()
                        continuation.resume(returning: true)
                        return true
                    }
                    state.lines[key]?.waiters.append(Waiter(id: id, continuation: continuation))
                    return true
                }
                guard queued else { return continuation.resume(returning: false) }
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    if !Task.isCancelled { self.leave(key, id) }
                }
                let granted = state.withLock { state -> Bool in
                    guard let index = state.lines[key]?.waiters.firstIndex(where: { $0.id == id }) else { return true }
                    state.lines[key]?.waiters[index].timer = timer
                    return false
                }
                if granted { timer.cancel() }
            }
        } onCancel: {
            leave(key, id)
        }
    }

    /// Whether the store of `key` refused a logout's removal that no engine of this process has made
    /// since: every engine on it owes that removal, so none adopts or writes back the session.
    package func owesRemoval(_ key: Key) -> Bool {
        state.withLock { state in
            guard let owed = state.owedRemovals[key] else { return false }
            guard !owed.isInstance || owed.store != nil else {
                state.owedRemovals[key] = nil
                return false
            }
            return true
        }
    }

    /// The ``StoredSession/sessionID`` of the session whose removal the store of `key` owes, as
    /// recorded with the debt: every engine on the store removes that session, whichever ended it.
    package func owedSessionID(_ key: Key) -> String? {
        state.withLock { $0.owedRemovals[key]?.sessionID }
    }

    /// Records that `storage` (whose key is `key`) owes a logout's removal of the session
    /// `sessionID`, or no longer owes one.
    package func setOwesRemoval(_ owes: Bool, _ key: Key, of storage: any TokenStorage, sessionID: String? = nil) {
        state.withLock { state in
            guard owes else {
                state.owedRemovals[key] = nil
                return
            }
            switch key {
            case .instance:
                state.owedRemovals[key] = OwedRemoval(
                    store: storage as AnyObject, isInstance: true, sessionID: sessionID)
            case .keychainItem:
                state.owedRemovals[key] = OwedRemoval(store: nil, isInstance: false, sessionID: sessionID)
            }
        }
    }

    /// Gives the turn of `key` back: the longest waiter gets it.
    package func give(_ key: Key) {
        let next = state.withLock { state -> Waiter? in
            guard let line = state.lines[key], !line.waiters.isEmpty else {
                state.lines[key] = nil
                return nil
            }
            return state.lines[key]?.waiters.removeFirst()
        }
        next?.timer?.cancel()
        next?.continuation.resume(returning: true)
    }

    /// Takes waiter `id` out of the line for `key` without a turn (its wait timed out or was cancelled).
    private func leave(_ key: Key, _ id: UInt64) {
        let left = state.withLock { state -> Waiter? in
            guard let index = state.lines[key]?.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.lines[key]?.waiters.remove(at: index)
        }
        left?.timer?.cancel()
        left?.continuation.resume(returning: false)
    }
}
