// A stand-in for AppKit, for scripts/apple-typecheck.sh's macOS configuration (Security and AppKit,
// no UIKit). It declares only what a check relies on, as Apple's pages show it; the notification
// names are declared without `nonisolated` because Apple's pages show plain `class let` on the
// main-actor class (a use off the main actor then fails here, which is the cautious reading).
import Foundation

/// An object that manages an app's main event loop and resources used by all of that app's
/// objects (developer.apple.com/documentation/appkit/nsapplication: `@MainActor class NSApplication`).
@MainActor
open class NSApplication: NSObject {
    /// developer.apple.com/documentation/appkit/nsapplication/didbecomeactivenotification:
    /// `class let didBecomeActiveNotification: NSNotification.Name`, "Posted immediately after the
    /// app becomes active … The system posts this notification on the main actor." (macOS 10.0+)
    public static let didBecomeActiveNotification = Notification.Name("NSApplicationDidBecomeActiveNotification")

    /// developer.apple.com/documentation/appkit/nsapplication/willresignactivenotification:
    /// `class let willResignActiveNotification: NSNotification.Name` (macOS 10.0+).
    public static let willResignActiveNotification = Notification.Name("NSApplicationWillResignActiveNotification")

    /// developer.apple.com/documentation/appkit/nsapplication/protecteddatadidbecomeavailablenotification:
    /// `class let protectedDataDidBecomeAvailableNotification: NSNotification.Name` (macOS 12.0+).
    @available(macOS 12.0, *)
    public static let protectedDataDidBecomeAvailableNotification = Notification.Name(
        "NSApplicationProtectedDataDidBecomeAvailableNotification")
}
