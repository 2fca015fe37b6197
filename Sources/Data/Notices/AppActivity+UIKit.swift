// The Apple binding of AppActivity: UIKit's "did become active" and "will resign active" notices,
// passed on as a Bool. What a leader does with them is in LeaderPresence.swift, where Linux tests it.
#if canImport(UIKit)
import Foundation
import UIKit
import WoteLocked

extension AppActivity {
    /// `UIApplication.didBecomeActiveNotification` (active) and `willResignActiveNotification`
    /// (not), heard through the default `NotificationCenter`; the observers are removed when the
    /// observation is cancelled. Only an app posts them: a leader is an app.
    static let platform = AppActivity(isActiveAtStart: true) { handler in
        let center = NotificationCenter.default
        let became = center.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil) {
            _ in handler(true)
        }
        let resigns = center.addObserver(
            forName: UIApplication.willResignActiveNotification, object: nil, queue: nil
        ) { _ in handler(false) }
        let observers = Locked<[any NSObjectProtocol]>([became, resigns])
        return StoreObservation {
            let removed = observers.withLock { current in
                defer { current = [] }
                return current
            }
            for observer in removed { NotificationCenter.default.removeObserver(observer) }
        }
    }
}
#endif
