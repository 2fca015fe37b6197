// Stand-in for the part of UIKit WoteKit calls (the background-time hook's defaults), as Apple
// documents it: `@MainActor class UIApplication` with `shared` (unavailable in app extensions),
// `beginBackgroundTask(withName:expirationHandler:)` taking a `(@MainActor @Sendable () -> Void)?`
// handler and returning a `UIBackgroundTaskIdentifier` (`.invalid` when no time is granted), and
// `endBackgroundTask(_:)`; `ProcessInfo.performExpiringActivity(withReason:using:)` with an
// `@escaping @Sendable (Bool) -> Void` block (iOS, tvOS, visionOS, watchOS; not macOS).
//
// Compromises:
// - Apple's documentation declares `beginBackgroundTask(expirationHandler:)` `nonisolated`; here
//   both task methods are main-actor isolated like the rest of UIApplication, the stricter of the
//   two, so the binding (which calls them on the main actor) compiles with either.
// - `shared` is a `static var` (Apple's is a `class var`).
// - `performExpiringActivity` is Foundation's on Apple platforms; swift-corelibs-foundation lacks
//   it, so this module adds it to ProcessInfo.
// Compiled only by scripts/apple-typecheck.sh; never shipped.
import Foundation

/// A background task's identifier.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// No task: the system granted no background time.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// The centralized point of control for an app.
@MainActor
open class UIApplication {
    /// The app instance.
    @available(iOSApplicationExtension, unavailable)
    public static var shared: UIApplication { fatalError("stand-in") }

    /// Marks the start of a task that should continue if the app enters the background.
    public func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        fatalError("stand-in")
    }

    /// Marks the end of a background task.
    public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
}

extension ProcessInfo {
    /// Performs the block asynchronously and notifies it if the process is about to be suspended.
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {}
}
