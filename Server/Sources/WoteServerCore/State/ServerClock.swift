import Foundation

/// The server's wall clock in epoch milliseconds; a test passes a fixed one.
public struct ServerClock: Sendable {
    let now: @Sendable () -> Int64

    public init(now: @escaping @Sendable () -> Int64) {
        self.now = now
    }

    /// The system clock.
    public static let live = ServerClock { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
