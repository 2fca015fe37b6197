package import Foundation

/// One Keychain query as a Swift value: the dictionary a `SecItem…` call receives, before the Apple
/// binding turns it into a `CFDictionary`.
///
/// WoteKit keeps one generic password item per store. Its primary key is class, service, account
/// and access group (plus `synchronizable`, always `false` here); ``accessibility`` and
/// ``valueData`` are attributes of the item, sent only when adding it.
package struct KeychainQuery: Sendable, Hashable {
    /// `kSecClass`; WoteKit stores generic passwords only.
    package enum ItemClass: Sendable, Hashable {
        /// `kSecClassGenericPassword`.
        case genericPassword
    }

    /// `kSecClass`.
    package var itemClass: ItemClass = .genericPassword
    /// `kSecAttrService`.
    package var service: String
    /// `kSecAttrAccount`.
    package var account: String
    /// `kSecAttrAccessGroup`; `nil` leaves it out (the app's default group when adding, every group
    /// the app is entitled to when searching).
    package var accessGroup: String?
    /// `kSecUseDataProtectionKeychain`: on macOS, use the iOS-style keychain (where access groups and
    /// accessibility apply) rather than the file-based login keychain. Other platforms ignore it.
    package var useDataProtectionKeychain: Bool
    /// `kSecAttrSynchronizable`: always `false`, so the tokens never go to iCloud Keychain.
    package var synchronizable = false
    /// `kSecAttrAccessible`, when adding.
    package var accessibility: KeychainAccessibility?
    /// `kSecValueData`, when adding.
    package var valueData: Data?
    /// `kSecReturnData` with `kSecMatchLimitOne`, when reading.
    package var returnsData = false

    /// The query that identifies one item (no attributes, nothing returned).
    package init(service: String, account: String, accessGroup: String?, useDataProtectionKeychain: Bool) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.useDataProtectionKeychain = useDataProtectionKeychain
    }
}
