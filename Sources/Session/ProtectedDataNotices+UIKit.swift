import WoteData

// The Apple binding of ProtectedDataNotices: UIKit's notice that protected data became available,
// passed on as a stream element. What the session does with it is decided in
// SessionEngine+ProtectedData.swift, where Linux tests it.
#if canImport(UIKit)
import Foundation
import UIKit
import WoteLocked

extension ProtectedDataNotices {
    /// `UIApplication.protectedDataDidBecomeAvailableNotification`, heard through the default
    /// `NotificationCenter` (apps and app extensions); the observer is removed when the stream ends.
    public static let protectedDataDidBecomeAvailable = ProtectedDataNotices {
        AsyncStream { continuation in
            let observer = NotificationCenter.default.addObserver(
                forName: UIApplication.protectedDataDidBecomeAvailableNotification, object: nil, queue: nil
            ) { _ in continuation.yield() }
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
#endif
