#if canImport(Security)
import Foundation
import Security
import WoteDomain

/// A token store in the Keychain (a generic password item), for apps on Apple platforms.
///
/// The item is readable after the device's first unlock since restart and never leaves the
/// device (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`), so a launch in the background
/// can restore the session but a backup cannot carry the tokens elsewhere. Before the first
/// unlock the Keychain refuses to answer: that is ``TokenStorageError/unavailable(_:)``, and the
/// item is left alone. (On macOS the item lives in the login keychain, where the accessibility
/// setting is not enforced, unless the app opts into the data protection keychain.)
///
/// ```swift
/// let storage = KeychainTokenStorage(service: "com.example.app.wote")
/// ```
public final class KeychainTokenStorage: TokenStorage {
    /// The item's service (`kSecAttrService`).
    public let service: String
    /// The item's account (`kSecAttrAccount`).
    public let account: String
    /// The Keychain access group shared with extensions, if any.
    public let accessGroup: String?

    /// Creates a store for one Keychain item.
    ///
    /// - Parameters:
    ///   - service: the item's service, usually the app's bundle identifier.
    ///   - account: the item's account.
    ///   - accessGroup: a shared access group, for an app and its extensions; `nil` for the app's own.
    public init(service: String, account: String = "session", accessGroup: String? = nil) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
    }

    /// Reads the stored session.
    ///
    /// - Returns: the session, or `nil` when there is no item.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the Keychain cannot be read (locked
    ///   before the first unlock, or another Keychain error); ``TokenStorageError/corrupted(_:)``
    ///   when the item holds no valid session.
    public func load() async throws(TokenStorageError) -> StoredSession? {
        var query = itemQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        switch status {
        case errSecSuccess:
            break
        case errSecItemNotFound:
            return nil
        default:
            throw Self.failure(status, while: "reading")
        }
        guard let contents = item as? Data else {
            throw .corrupted("the Keychain item holds no data")
        }
        do {
            return try JSONDecoder().decode(StoredSession.self, from: contents)
        } catch {
            throw .corrupted("the Keychain item holds no valid session")
        }
    }

    /// Replaces the stored session with `session`, in one Keychain update.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the Keychain cannot be written.
    public func save(_ session: StoredSession) async throws(TokenStorageError) {
        let contents: Data
        do {
            contents = try JSONEncoder().encode(session)
        } catch {
            throw .unavailable("cannot encode the session")
        }
        let attributes: [String: Any] = [
            kSecValueData as String: contents,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        var status = SecItemUpdate(itemQuery as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let item = itemQuery.merging(attributes) { _, new in new }
            status = SecItemAdd(item as CFDictionary, nil)
            if status == errSecDuplicateItem {
                // Another process added the item between the two calls; replace its value.
                status = SecItemUpdate(itemQuery as CFDictionary, attributes as CFDictionary)
            }
        }
        guard status == errSecSuccess else { throw Self.failure(status, while: "writing") }
    }

    /// Deletes the Keychain item; succeeds when there is none.
    ///
    /// - Throws: ``TokenStorageError/unavailable(_:)`` when the Keychain cannot be written.
    public func remove() async throws(TokenStorageError) {
        let status = SecItemDelete(itemQuery as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw Self.failure(status, while: "deleting")
        }
    }

    /// The attributes that identify the item.
    private var itemQuery: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup {
            query[kSecAttrAccessGroup as String] = accessGroup
        }
        return query
    }

    private static func failure(_ status: OSStatus, while action: String) -> TokenStorageError {
        if status == errSecInteractionNotAllowed {
            return .unavailable("the Keychain is locked until the device is first unlocked (\(action) the session)")
        }
        let text = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "OSStatus \(status)"
        return .unavailable("Keychain error while \(action) the session: \(text)")
    }
}
#endif
