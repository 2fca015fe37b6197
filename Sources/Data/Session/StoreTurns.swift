import Foundation
import WoteDomain

/// Which engine's task holds its store queue (``SessionEngine/inStoreQueue(_:)``), to catch a
/// holder that enters the queue again (it would wait for itself for ever).
enum StoreQueueHolder {
    @TaskLocal static var engine: ObjectIdentifier?
}

/// One turn at a time per token store in this process: engines (clients) that share a store take
/// turns in its changes even when the store has no cross-process lock (a Keychain store without
/// a shared directory), so two of them never spend one refresh token twice.
final class StoreTurns: Sendable {
    /// The turns of this process.
    static let shared = StoreTurns()

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private struct Line {
        var waiters: [Waiter] = []
    }

    private struct State {
        var lines: [String: Line] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// The key of `storage`'s turns: the same for every instance over the same stored item.
    static func key(of storage: any TokenStorage) -> String? {
        switch storage {
        case let keychain as KeychainTokenStorage:
            return "keychain:\(keychain.service)\u{0}\(keychain.account)\u{0}\(keychain.accessGroup ?? "")"
        default:
            // A file store's flock excludes other instances in this process as well (it belongs to the
            // open file); other stores say nothing of their identity.
            return nil
        }
    }

    /// Waits for the turn of `key`, in arrival order.
    ///
    /// - Returns: `true` holding the turn (give it back with ``give(_:)``); `false`, holding
    ///   nothing, after `limit` or when the caller was cancelled.
    func take(_ key: String, waitingAtMost limit: Duration) async -> Bool {
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

    /// Gives the turn of `key` back: the longest waiter gets it.
    func give(_ key: String) {
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
    private func leave(_ key: String, _ id: UInt64) {
        let left = state.withLock { state -> Waiter? in
            guard let index = state.lines[key]?.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.lines[key]?.waiters.remove(at: index)
        }
        left?.timer?.cancel()
        left?.continuation.resume(returning: false)
    }
}
