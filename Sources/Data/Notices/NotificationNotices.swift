package import Foundation
import WoteLocked

/// A stream of the notifications of one name posted to `NotificationCenter.default`: what the Apple
/// bindings (protected data available, Sign in with Apple revoked, the app become active) each hear.
/// Foundation only, so Linux compiles and tests it; the bindings only name their notice.
package enum NotificationNotices {
    /// One element per notification named `name`; the observer is removed, once, when the stream ends.
    package static func stream(named name: Notification.Name) -> AsyncStream<Void> {
        AsyncStream { continuation in
            let observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                continuation.yield()
            }
            // `removeObserver` may be called from any thread; `Locked` makes it happen once.
            let token = Locked<(any NSObjectProtocol)?>(observer)
            continuation.onTermination = { _ in
                token.withLock { observer in
                    if let observer { NotificationCenter.default.removeObserver(observer) }
                    observer = nil
                }
            }
        }
    }
}
