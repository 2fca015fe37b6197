#if canImport(notify)
import Foundation
import notify

/// A leader's presence on Apple platforms: the state of the store's Darwin notification name
/// (Libnotify, `notify.h`: `notify_set_state`/`notify_get_state`, a 64-bit value kept by notifyd for
/// the name), 1 while a leader is active. Withdrawing sets 0 and posts the name, so a follower
/// waiting on the store's notice wakes, finds no leader and refreshes by itself.
///
/// One state per name: when two leaders share a store (two apps), the first to resign clears it
/// for both; a follower then refreshes by itself, under the store's lock, as without a leader.
package final class DarwinLeaderPresence: LeaderPresence {
    let name: String

    /// The presence of the store whose notification name is `name`.
    package init(name: String) {
        self.name = name
    }

    package func publish() -> StoreObservation? {
        var token: Int32 = 0
        guard notify_register_check(name, &token) == UInt32(NOTIFY_STATUS_OK) else { return nil }
        _ = notify_set_state(token, 1)
        _ = notify_post(name)
        let name = name
        let registered = token
        return StoreObservation {
            _ = notify_set_state(registered, 0)
            _ = notify_post(name)
            _ = notify_cancel(registered)
        }
    }

    package func isLeaderActive() -> Bool {
        var token: Int32 = 0
        guard notify_register_check(name, &token) == UInt32(NOTIFY_STATUS_OK) else { return false }
        defer { _ = notify_cancel(token) }
        var state: UInt64 = 0
        guard notify_get_state(token, &state) == UInt32(NOTIFY_STATUS_OK) else { return false }
        return state != 0
    }

    package func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation? {
        // The withdrawal posts the store's own name: the store's notices carry it.
        DarwinStoreNotices(name: name).observe(handler)
    }
}
#endif
