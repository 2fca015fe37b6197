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
//   @MainActor protocol UISceneDelegate: NSObjectProtocol
//     optional func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
//   @MainActor protocol UIWindowSceneDelegate: UISceneDelegate { optional var window: UIWindow? { get set } }
//
// Compromise: Swift on Linux has no `@objc optional` requirements, so the optional requirements are
// plain requirements with default implementations in protocol extensions (a conforming type may
// leave them out, as on Apple platforms).
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
open class UIViewController: UIResponder {}

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
