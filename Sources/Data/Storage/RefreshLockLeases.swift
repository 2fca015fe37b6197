import Foundation
import WoteDomain
import WoteLocked

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The cross-process locks one token store has handed out, each inside its background activity,
/// and the store's writes, which must never happen once a lock's background time ran out.
///
/// One mutex guards both, so a lock whose time runs out is given back either before a write starts
/// (the write is then refused) or after it ends (the expiry waits for one rename or Keychain
/// update): never in the middle. From the expiry until the holder releases it, every write of the
/// store is refused with ``TokenStorageError/lockTimedOut(_:)``; the store keeps the session it had.
package final class RefreshLockLeases: Sendable {
    private enum Phase {
        /// Waiting for the `flock`; the activity, once begun.
        case waiting(BackgroundExecution.Activity?)
        /// Holding the `flock` on `descriptor`.
        case held(descriptor: Int32, BackgroundExecution.Activity?)
        /// The background time ran out: the `flock` was given back and the activity ended.
        case expired
    }

    private struct State {
        var nextID: UInt64 = 0
        var leases: [UInt64: Phase] = [:]

        var hasExpired: Bool {
            leases.values.contains { if case .expired = $0 { true } else { false } }
        }
    }

    private let state = Locked(State())

    package init() {}

    /// Registers a lock about to be asked for.
    func open() -> UInt64 {
        state.withLock { state in
            state.nextID &+= 1
            state.leases[state.nextID] = .waiting(nil)
            return state.nextID
        }
    }

    /// Records the activity the lock is taken in.
    ///
    /// - Returns: `false` when the time already ran out; the activity has then been ended.
    func attach(_ activity: BackgroundExecution.Activity, to id: UInt64) -> Bool {
        let attached = state.withLock { state in
            guard case .waiting = state.leases[id] else { return false }
            state.leases[id] = .waiting(activity)
            return true
        }
        if !attached { activity.end() }
        return attached
    }

    /// Records that the `flock` on `descriptor` is held.
    ///
    /// - Returns: `false` when the time ran out meanwhile: the caller gives the lock back.
    func hold(_ descriptor: Int32, for id: UInt64) -> Bool {
        state.withLock { state in
            guard case .waiting(let activity) = state.leases[id] else { return false }
            state.leases[id] = .held(descriptor: descriptor, activity)
            return true
        }
    }

    /// Whether the lock's background time ran out.
    func isExpired(_ id: UInt64) -> Bool {
        state.withLock { state in
            if case .expired = state.leases[id] { true } else { false }
        }
    }

    /// The background time ran out: gives the `flock` back now (after a write in progress) and
    /// ends the activity; the store refuses writes until the holder releases the lock.
    func expire(_ id: UInt64) {
        let activity: BackgroundExecution.Activity? = state.withLock { state in
            switch state.leases[id] {
            case .waiting(let activity):
                state.leases[id] = .expired
                return activity
            case .held(let descriptor, let activity):
                Self.unlock(descriptor)
                state.leases[id] = .expired
                return activity
            case .expired, nil:
                return nil
            }
        }
        activity?.end()
    }

    /// The holder is done (or gave up waiting): gives the `flock` back if still held and ends the
    /// activity if the time did not run out; the store writes again.
    func release(_ id: UInt64) {
        let activity: BackgroundExecution.Activity? = state.withLock { state in
            defer { state.leases[id] = nil }
            switch state.leases[id] {
            case .waiting(let activity):
                return activity
            case .held(let descriptor, let activity):
                Self.unlock(descriptor)
                return activity
            case .expired, nil:
                return nil
            }
        }
        activity?.end()
    }

    /// Runs `write` (one rename, one Keychain update) unless a lock of this store lost its
    /// background time and was not released yet.
    ///
    /// - Throws: ``TokenStorageError/lockTimedOut(_:)`` when the time ran out; what `write` throws.
    func write<T>(_ write: () throws(TokenStorageError) -> T) throws(TokenStorageError) -> T {
        try state.withLock { (state) throws(TokenStorageError) -> T in
            guard !state.hasExpired else {
                throw .lockTimedOut(
                    "the background time to hold the store's lock ran out before the session was written; "
                        + "the store keeps the session it had")
            }
            return try write()
        }
    }

    private static func unlock(_ descriptor: Int32) {
        _ = POSIXFile.flockRetryingInterrupts(descriptor, LOCK_UN)
        close(descriptor)
    }
}
