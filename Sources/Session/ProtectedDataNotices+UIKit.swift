import WoteData

// The Apple binding of ProtectedDataNotices: UIKit's notice that protected data became available,
// passed on as a stream element. What the session does with it is decided in
// SessionEngine+ProtectedData.swift, where Linux tests it.
#if canImport(UIKit) || canImport(AppKit)
import Foundation

#if canImport(UIKit)
import UIKit
#endif

extension ProtectedDataNotices {
    /// The platform's notice that protected data became available, heard through the default
    /// `NotificationCenter`; the observer is removed when the stream ends:
    /// `UIApplication.protectedDataDidBecomeAvailableNotification` where UIKit is, AppKit's
    /// `NSApplication.protectedDataDidBecomeAvailableNotification` on macOS (macOS 12+).
    ///
    /// The application object posts it: an app extension (a widget, a notification service
    /// extension) has none, and hears nothing; there the app calls `restoreSession()` again, for
    /// example when the extension is next asked for its content.
    public static let protectedDataDidBecomeAvailable = ProtectedDataNotices {
        NotificationNotices.stream(named: platformName)
    }

    /// The notice's name: UIKit's constant, or on macOS AppKit's by its value (AppKit's notification
    /// names are their constants' names; the constant belongs to the main-actor `NSApplication`,
    /// which the nonisolated stream does not read).
    private static var platformName: Notification.Name {
        #if canImport(UIKit)
        UIApplication.protectedDataDidBecomeAvailableNotification
        #else
        Notification.Name("NSApplicationProtectedDataDidBecomeAvailableNotification")
        #endif
    }
}
#endif
