package import Foundation

/// What the process is, as its main bundle says: an app, an app extension, or a tool.
package enum AppBundle {
    /// Whether the process is an app extension (a widget, a notification service extension): its
    /// main bundle is an `.appex` (Apple: an extension's bundle sits in its app's `PlugIns` folder
    /// with that extension).
    package static var isAppExtension: Bool {
        isAppExtension(bundleURL: Bundle.main.bundleURL)
    }

    /// Whether a main bundle at `bundleURL` is an app extension's.
    package static func isAppExtension(bundleURL: URL) -> Bool {
        bundleURL.pathExtension == "appex"
    }

    /// The identifier the app and its extensions share: the app's bundle identifier, also in an
    /// extension (its containing app's: two folders up, `<app>.app/PlugIns/<extension>.appex`);
    /// `wote` for a process without one (a tool, tests).
    package static var appIdentifier: String {
        let main = Bundle.main
        if isAppExtension(bundleURL: main.bundleURL),
            let app = Bundle(url: main.bundleURL.deletingLastPathComponent().deletingLastPathComponent()),
            let identifier = app.bundleIdentifier
        {
            return identifier
        }
        return main.bundleIdentifier ?? "wote"
    }
}
