// More of what the examples in WoteKit's documentation comments (Sources/WoteKit/*.swift) leave to
// the reader, compiled with Tests/Snippets/Prelude.swift by scripts/check-snippets.sh. Nothing here
// is WoteKit API: each name stands for something an app has of its own. Compiled, never run.

import Foundation

/// The push token APNs handed the app
/// (`application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`).
let apnsToken = Data([0x0A, 0x1B, 0x2C, 0x3D])
