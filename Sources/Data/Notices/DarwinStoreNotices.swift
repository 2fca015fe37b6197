#if canImport(notify)
import Dispatch
import Foundation
import notify

/// A store's notices on Apple platforms: a payload-free Darwin notification (Libnotify, `notify.h`)
/// named after the store (``StoreNoticeName``), heard by every process of the device that observes
/// the same name: the app, its widget and its extensions.
///
/// The binding is only the Libnotify calls; what a notice makes the engine do is in the engine,
/// tested on Linux. Notices are delivered on a serial queue of WoteKit's own
/// (`notify_register_dispatch`, which retains the handler block and the queue while registered),
/// so they need no main run loop (a tool calling `dispatchMain()` hears them too), and cancelling
/// (`notify_cancel`) frees nothing a running handler still uses (Apple audit 2026-11-28, F2, F3).
/// A suspended process hears nothing until it resumes, and reads the store when it next uses it.
package final class DarwinStoreNotices: StoreNotices {
    /// The notification's name.
    let name: String

    /// The queue every handler runs on.
    private static let queue = DispatchQueue(label: "WoteKit.DarwinStoreNotices")

    /// Notices under `name` (see `StoreNoticeName`).
    package init(name: String) {
        self.name = name
    }

    package func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation? {
        var token: Int32 = 0
        let status = notify_register_dispatch(name, &token, Self.queue) { _ in handler() }
        guard status == UInt32(NOTIFY_STATUS_OK) else { return nil }
        let registered = token
        return StoreObservation { _ = notify_cancel(registered) }
    }

    package func post() {
        _ = notify_post(name)
    }
}
#endif
