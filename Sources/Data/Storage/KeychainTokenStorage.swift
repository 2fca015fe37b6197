public import Foundation
public import WoteDomain

/// A token store in the Keychain (one generic password item), for apps on Apple platforms.
///
/// - **Accessibility**: ``KeychainAccessibility/afterFirstUnlockThisDeviceOnly`` unless the app
///   chooses another class: a launch in the background can restore the session once the device was
///   unlocked since it started, and the tokens never leave the device. Before that first unlock the
///   Keychain refuses to answer: that is ``TokenStorageError/unavailable(_:)``, and the item (the
///   session) is kept, never wiped.
/// - **macOS**: the item lives in the data protection keychain (`kSecUseDataProtectionKeychain`),
///   where accessibility and access groups apply as on iOS, unless ``useDataProtectionKeychain``
///   is `false`.
/// - **Never synchronised** to iCloud Keychain (`kSecAttrSynchronizable` is `false`).
/// - **App and extensions**: give the shared ``accessGroup`` and the shared container as
///   ``sharedLockDirectory``; ``lockForRefresh()`` then takes a `flock` there, so the app and its
///   extensions refresh one at a time and never spend one rotating refresh token twice.
///
/// ```swift
/// import Security
///
/// // groupContainer: FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example")!
/// let storage = KeychainTokenStorage(
///     service: "com.example.app/https://api.wote.example:443", accessGroup: "TEAMID.com.example.shared",
///     sharedLockDirectory: groupContainer)
/// ```
///
/// It can be created on Apple platforms only (where the Security framework exists); its logic is
/// compiled and tested everywhere.
public final class KeychainTokenStorage: TokenStorage {
    /// The item's service (`kSecAttrService`).
    public let service: String
    /// The item's account (`kSecAttrAccount`).
    public let account: String
    /// The Keychain access group shared with extensions, if any (`kSecAttrAccessGroup`).
    public let accessGroup: String?
    /// When the item can be read (`kSecAttrAccessible`).
    public let accessibility: KeychainAccessibility
    /// Whether macOS uses the data protection keychain (`kSecUseDataProtectionKeychain`); ignored
    /// elsewhere, where it always is.
    public let useDataProtectionKeychain: Bool
    /// Where the cross-process refresh lock file lives (the App Group container); `nil` when only
    /// this process uses the item.
    public let sharedLockDirectory: URL?
    /// Where the background time the shared lock is held in comes from (see ``BackgroundExecution``).
    public let backgroundExecution: BackgroundExecution

    package let item: KeychainItem
    /// The item the last sign-out record is kept in: same service, account `<account>.signout`.
    package let recordItem: KeychainItem
    /// The items an earlier version kept this store's session in, moved here at the first read that
    /// finds no item (see ``StoreMove``); `nil` when there are none.
    package let move: StoreMove?
    private let onLockContention: (@Sendable () -> Void)?
    private let leases = RefreshLockLeases()

    /// Creates a store over `calls`: the Security framework on Apple platforms, an emulation in tests.
    package init(
        service: String, account: String = "session", accessGroup: String? = nil,
        accessibility: KeychainAccessibility = .afterFirstUnlockThisDeviceOnly, useDataProtectionKeychain: Bool = true,
        sharedLockDirectory: URL? = nil, backgroundExecution: BackgroundExecution = .standard, calls: KeychainCalls,
        onLockContention: (@Sendable () -> Void)? = nil, diagnostics: WoteDiagnostics = .platformDefault,
        movingFrom formerLocations: [FormerStoreLocation] = []
    ) {
        move =
            formerLocations.isEmpty
            ? nil
            : StoreMove(
                from: formerLocations,
                record: KeychainStoreMoveRecord(
                    item: KeychainItem(
                        identity: KeychainQuery(
                            service: service, account: account + ".moved", accessGroup: accessGroup,
                            useDataProtectionKeychain: useDataProtectionKeychain),
                        accessibility: accessibility, calls: calls)))
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.accessibility = accessibility
        self.useDataProtectionKeychain = useDataProtectionKeychain
        self.sharedLockDirectory = sharedLockDirectory
        self.backgroundExecution = backgroundExecution
        self.onLockContention = onLockContention
        item = KeychainItem(
            identity: KeychainQuery(
                service: service, account: account, accessGroup: accessGroup,
                useDataProtectionKeychain: useDataProtectionKeychain),
            accessibility: accessibility, calls: calls,
            onFallback: { [service] in
                guard diagnostics.isEnabled else { return }
                diagnostics.handle(
                    .platform(
                        "Keychain: the data protection keychain refused this process (errSecMissingEntitlement, "
                            + "-34018: no keychain entitlement); the item of service \(service) is kept in the "
                            + "file-based keychain"))
            })
        recordItem = KeychainItem(
            identity: KeychainQuery(
                service: service, account: account + ".signout", accessGroup: accessGroup,
                useDataProtectionKeychain: useDataProtectionKeychain),
            accessibility: accessibility, calls: calls)
    }

    /// Reads the stored session.
    ///
    /// - Returns: the session, or `nil` when there is no item.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the Keychain cannot be read (locked
    ///   before the first unlock, a missing entitlement, another Keychain error; the message carries
    ///   the status), or when a newer version of WoteKit wrote the item (a newer stored format; kept
    ///   as it is); ``TokenStorageError/corrupted(_:)`` when the item holds no valid session.
    public func load() async throws(TokenStorageError) -> StoredSession? {
        guard let move else { return try loadHere() }
        return try await move.load(
            reading: { () throws(TokenStorageError) -> StoredSession? in try loadHere() },
            createIfAbsent: { (session) throws(TokenStorageError) -> Bool in
                let contents = try session.storeFormat()
                return try leases.write { () throws(TokenStorageError) -> Bool in
                    do throws(KeychainError) {
                        return try item.createIfAbsent(contents)
                    } catch {
                        throw error.tokenStorageError
                    }
                }
            })
    }

    /// Reads the item at this store's own place.
    private func loadHere() throws(TokenStorageError) -> StoredSession? {
        let contents: Data?
        do {
            contents = try item.read()
        } catch {
            throw error.tokenStorageError
        }
        guard let contents else { return nil }
        return try StoredSession(storeFormat: contents, readFrom: "the Keychain item")
    }

    /// Replaces the stored session with `session`, in one Keychain update (or add).
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the Keychain cannot be written;
    ///   ``TokenStorageError/lockTimedOut(_:)`` when the background time of the shared lock ran out
    ///   and the lock was not released yet (the item is kept). An item a newer version of WoteKit
    ///   wrote (a newer stored format) is never replaced: ``TokenStorageError/unavailable(_:)``.
    public func save(_ session: StoredSession) async throws(TokenStorageError) {
        let contents = try session.storeFormat()
        try leases.write { () throws(TokenStorageError) in
            try TokenStorageError.refuseReplacing(try? item.read(), at: "the Keychain item")
            do throws(KeychainError) {
                try item.write(contents)
            } catch {
                throw error.tokenStorageError
            }
        }
        notices?.post()
    }

    /// Deletes the Keychain item; succeeds when there is none.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the Keychain cannot be written;
    ///   ``TokenStorageError/lockTimedOut(_:)`` when the background time of the shared lock ran out
    ///   and the lock was not released yet (the item is kept). An item a newer version of WoteKit
    ///   wrote is kept as well: ``TokenStorageError/unavailable(_:)``.
    public func remove() async throws(TokenStorageError) {
        try leases.write { () throws(TokenStorageError) in
            try TokenStorageError.refuseReplacing(try? item.read(), at: "the Keychain item")
            do throws(KeychainError) {
                try item.delete()
            } catch {
                throw error.tokenStorageError
            }
        }
        notices?.post()
    }

    /// Takes the refresh lock shared with the app's extensions: an exclusive `flock` on a file named
    /// after the item in ``sharedLockDirectory``, taken and held inside one activity of
    /// ``backgroundExecution`` (iOS terminates a suspended app that holds a file lock in a shared
    /// container). When that time runs out the lock is given back at once, and the store writes
    /// nothing until it is released. Without a shared directory there is nothing to share with, and
    /// the lock guards nothing.
    ///
    /// - Returns: the held lock; call ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the lock file cannot be created or locked;
    ///   ``TokenStorageError/lockTimedOut(_:)`` when another process held it too long, or the
    ///   background time was refused or ran out while waiting.
    public func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock {
        try await lock(waitingAtMost: FileRefreshLock.defaultWait)
    }

    /// Takes the same lock as ``lockForRefresh()``, giving up after `limit`: the session engine
    /// passes its own bound (its `storeLockTimeout`), so an app whose requests time out sooner
    /// waits no longer than that for another process's refresh.
    ///
    /// - Parameter limit: the longest wait for a lock another process holds.
    /// - Returns: the held lock (``TokenStorageLock/none`` without a shared directory); call
    ///   ``TokenStorageLock/release()`` once to give it back.
    /// - Throws: ``TokenStorageError/lockTimedOut(_:)`` after `limit`, on cancellation, or when the
    ///   background time was refused or ran out while waiting; ``TokenStorageError/unavailable(_:)``
    ///   when the lock file cannot be created or locked.
    public func lock(waitingAtMost limit: Duration) async throws(TokenStorageError) -> TokenStorageLock {
        guard let lockPath else { return .none }
        return try await FileRefreshLock.acquire(
            at: lockPath, onContention: onLockContention, waitingAtMost: limit, background: backgroundExecution,
            leases: leases)
    }

    /// `<sharedLockDirectory>/wote-<service and account, made a safe file name>.lock`.
    package var lockPath: String? {
        guard let sharedLockDirectory else { return nil }
        let name = "wote-" + SafeFileName.make(service + "\n" + account) + ".lock"
        return sharedLockDirectory.appendingPathComponent(name).path(percentEncoded: false)
    }
}
