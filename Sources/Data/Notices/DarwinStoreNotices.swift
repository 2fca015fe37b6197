#if canImport(Security)
import Foundation
import Security

/// A store's notices on Apple platforms: a payload-free Darwin notification (the Darwin notify
/// center of Core Foundation, which Security's headers bring) named after the store, heard by every
/// process of the device that observes the same name: the app, its widget and its extensions.
///
/// The binding is only the four Core Foundation calls; what a notice makes the engine do is in the
/// engine, tested on Linux. The Darwin center delivers on the main thread and ignores the
/// suspension behaviour: a suspended process hears nothing and reads the store when it next uses
/// it, as without notices.
package final class DarwinStoreNotices: StoreNotices {
    /// The notification's name.
    let name: String

    /// Notices under `name` (see `StoreNoticeName`).
    package init(name: String) {
        self.name = name
    }

    package func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation? {
        let observer = DarwinObserver(handler: handler)
        let pointer = Unmanaged.passRetained(observer).toOpaque()
        let callback: CFNotificationCallback = { _, observer, _, _, _ in
            guard let observer else { return }
            Unmanaged<DarwinObserver>.fromOpaque(observer).takeUnretainedValue().handler()
        }
        CFNotificationCenterAddObserver(
            CFNotificationCenterGetDarwinNotifyCenter(), pointer, callback, name as CFString, nil,
            .deliverImmediately)
        let name = name
        // The pointer as a number: the cancel closure is Sendable, a raw pointer is not.
        let address = UInt(bitPattern: pointer)
        return StoreObservation {
            guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return }
            CFNotificationCenterRemoveObserver(
                CFNotificationCenterGetDarwinNotifyCenter(), pointer, CFNotificationName(name as CFString), nil)
            Unmanaged<DarwinObserver>.fromOpaque(pointer).release()
        }
    }

    package func post() {
        CFNotificationCenterPostNotification(
            CFNotificationCenterGetDarwinNotifyCenter(), CFNotificationName(name as CFString), nil, nil, true)
    }
}

/// What the C callback finds behind its observer pointer.
private final class DarwinObserver: Sendable {
    let handler: @Sendable () -> Void
    init(handler: @escaping @Sendable () -> Void) { self.handler = handler }
}
#endif
