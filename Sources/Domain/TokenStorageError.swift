/// Why the token store failed.
public enum TokenStorageError: Error, Sendable, Equatable, Hashable {
    /// The store cannot be read or written at all right now (locked Keychain, permission denied,
    /// disk full). Nothing was deleted.
    case unavailable(String)
    /// The store was read but does not hold a valid session.
    case corrupted(String)
    /// The store's lock stayed held by another process (or another store over the same file) for
    /// longer than the configured wait, or the wait was cancelled, or the background time to hold
    /// the lock was refused or ran out (the lock is then given back at once, so iOS never suspends
    /// the app holding it). Nothing was written.
    case lockTimedOut(String)

    /// The reason, for logs and messages; never contains a token.
    public var reason: String {
        switch self {
        case .unavailable(let reason), .corrupted(let reason), .lockTimedOut(let reason): reason
        }
    }
}
