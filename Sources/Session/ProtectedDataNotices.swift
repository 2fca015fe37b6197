import WoteData

/// Tells the session when the device's protected data has become available: the Keychain items and
/// files that data protection keeps locked until the device is first unlocked after it starts.
///
/// An app prewarmed or launched by a push before that unlock finds its token store unreadable: the
/// restore ends in ``AuthenticationState/storageUnavailable(reason:)``, which signs nobody out. The
/// engine then listens to these notices, and at the next one restores again, so the person is
/// signed in with the stored pair as soon as it can be read, without the app calling
/// `restoreSession()` again.
///
/// ``system`` is the platform's notice (UIKit's `protectedDataDidBecomeAvailableNotification` where
/// UIKit is, AppKit's on macOS, nothing elsewhere); the application object posts it, so an app
/// extension hears none. A test makes its own from a stream it feeds.
///
/// ```swift
/// let (available, becameAvailable) = AsyncStream.makeStream(of: Void.self)
/// let notices = ProtectedDataNotices { available }
/// becameAvailable.yield()  // the device was unlocked
/// ```
public struct ProtectedDataNotices: Sendable {
    /// A new stream of notices, one element per notice; `nil` when there are none to hear.
    let makeStream: (@Sendable () -> AsyncStream<Void>)?

    /// Notices from `makeStream`, called once per engine that listens; each element of its stream
    /// says that protected data has become available. Keep the stream's single consumer in mind:
    /// return a new stream from each call.
    ///
    /// - Parameter makeStream: makes a stream of notices.
    public init(_ makeStream: @escaping @Sendable () -> AsyncStream<Void>) {
        self.makeStream = makeStream
    }

    private init() {
        makeStream = nil
    }

    /// No notices: a restore that found the store unavailable is tried again only when the app
    /// calls `restoreSession()`.
    public static let none = ProtectedDataNotices()

    /// The platform's notices: UIKit's `UIApplication.protectedDataDidBecomeAvailableNotification`
    /// where UIKit is (iOS, tvOS, visionOS, Mac Catalyst), AppKit's
    /// `NSApplication.protectedDataDidBecomeAvailableNotification` on macOS, ``none`` elsewhere. App
    /// extensions hear none of them (the application object posts them).
    public static var system: ProtectedDataNotices {
        #if canImport(UIKit) || canImport(AppKit)
        .protectedDataDidBecomeAvailable
        #else
        .none
        #endif
    }
}
