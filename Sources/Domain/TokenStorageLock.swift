/// A held refresh lock; call ``release()`` exactly once.
public struct TokenStorageLock: Sendable {
    private let onRelease: @Sendable () -> Void

    /// Creates a lock that runs `release` when released.
    public init(release: @escaping @Sendable () -> Void) {
        onRelease = release
    }

    /// A lock that guards nothing, for single-process stores.
    public static let none = TokenStorageLock(release: {})

    /// Gives the lock back.
    public func release() { onRelease() }
}
