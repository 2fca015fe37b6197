// Stand-in for Apple's UIKit module, for type-checking documentation snippets on Linux only:
// never linked, never run (every body traps). It declares exactly what the DocC snippets use
// (Sources/WoteKit/WoteKit.docc/ObservingTheSession.md), with the names, labels and isolation
// Apple documents:
//   @MainActor class UIResponder: NSObject
//   @MainActor class UIScene: UIResponder; class UIWindowScene: UIScene; UIScene.ConnectionOptions
//   @MainActor class UISceneSession: NSObject
//   @MainActor class UIView: UIResponder; class UIWindow: UIView
//     init(windowScene: UIWindowScene); var rootViewController: UIViewController?; func makeKeyAndVisible()
//   @MainActor class UIViewController: UIResponder
//     init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?); required init?(coder: NSCoder)
//   @MainActor protocol UISceneDelegate: NSObjectProtocol
//     optional func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
//   @MainActor protocol UIWindowSceneDelegate: UISceneDelegate { optional var window: UIWindow? { get set } }
//
// Compromise: Swift on Linux has no `@objc optional` requirements, so the optional requirements are
// plain requirements with default implementations in protocol extensions (a conforming type may
// leave them out, as on Apple platforms).
//
// Also the part of UIKit WoteKit itself calls (compiled by scripts/apple-typecheck.sh): the
// background-time hook's defaults, as Apple documents them: `@MainActor class UIApplication`
// (a UIResponder) with `shared` (unavailable in app extensions),
// `beginBackgroundTask(withName:expirationHandler:)` taking a `(@MainActor @Sendable () -> Void)?`
// handler and returning a `UIBackgroundTaskIdentifier` (`.invalid` when no time is granted), and
// `endBackgroundTask(_:)`; `ProcessInfo.performExpiringActivity(withReason:using:)` with an
// `@escaping @Sendable (Bool) -> Void` block (iOS, tvOS, visionOS, watchOS; not macOS).
//
// Isolation as in the iOS 26 SDK (Apple's documentation of `beginBackgroundTask(expirationHandler:)`
// and `endBackgroundTask(_:)`: both `nonisolated`; "This method can be safely called on a non-main
// thread"): the two task methods are `nonisolated` in a main-actor class, so WoteKit ends a task
// from whatever thread gives the lock back.
//
// Compromises:
// - `shared` is a `static var` (Apple's is a `class var`).
// - `performExpiringActivity` is Foundation's on Apple platforms; swift-corelibs-foundation lacks
//   it, so this module adds it to ProcessInfo.
import Foundation

@MainActor
open class UIResponder: NSObject {
    public override init() {}
}

@MainActor
open class UIScene: UIResponder {
    @MainActor
    open class ConnectionOptions: NSObject {}
}

@MainActor
open class UIWindowScene: UIScene {}

@MainActor
open class UISceneSession: NSObject {}

@MainActor
open class UIView: UIResponder {}

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    /// `UIViewController()`, as Objective-C's inherited `-init` reads in Swift.
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
}

@MainActor
open class UIWindow: UIView {
    public init(windowScene: UIWindowScene) { fatalError("stand-in") }
    open var rootViewController: UIViewController?
    open func makeKeyAndVisible() { fatalError("stand-in") }
}

@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
}

extension UISceneDelegate {
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}
}

@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

/// A background task's identifier.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// No task: the system granted no background time.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

/// The centralized point of control for an app.
@MainActor
open class UIApplication: UIResponder {
    /// The app instance.
    @available(iOSApplicationExtension, unavailable)
    public static var shared: UIApplication { fatalError("stand-in") }

    /// Marks the start of a task that should continue if the app enters the background.
    nonisolated public func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        fatalError("stand-in")
    }

    /// Posted when the app becomes active.
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")

    /// Posted when the app is about to become inactive (iOS 2.0+; Apple: `nonisolated class let
    /// willResignActiveNotification: NSNotification.Name`, developer.apple.com/documentation/uikit/
    /// uiapplication/willresignactivenotification).
    nonisolated public static let willResignActiveNotification = Notification.Name(
        "UIApplicationWillResignActiveNotification")

    /// Posted when the protected files become available for your code to access (iOS 4.0+).
    nonisolated public static let protectedDataDidBecomeAvailableNotification = Notification.Name(
        "UIApplicationProtectedDataDidBecomeAvailable")

    /// Marks the end of a specific long-running background task; safe on a non-main thread.
    nonisolated public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
}

extension ProcessInfo {
    /// Performs the block asynchronously and notifies it if the process is about to be suspended.
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {}
}

extension UIApplication {
    /// The message form of `protectedDataDidBecomeAvailableNotification`, iOS 26.0+
    /// (developer.apple.com/documentation/foundation/notificationcenter/messageidentifier/
    /// protecteddatadidbecomeavailable-6h44m: "iOS: 26.0.0 -", `NotificationCenter.BaseMessageIdentifier<
    /// UIApplication.ProtectedDataDidBecomeAvailableMessage>`). Declared for
    /// scripts/check-availability.sh --apple's self-test (WoteKit targets iOS 17: a use needs a guard).
    @available(iOS 26.0, *)
    public struct ProtectedDataDidBecomeAvailableMessage: Sendable {
        public init() {}
    }
}
