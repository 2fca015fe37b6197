#if canImport(Security)
public import Foundation
import Security

extension KeychainTokenStorage {
    /// Creates a store for one Keychain item.
    ///
    /// - Parameters:
    ///   - service: the item's service; `WoteConfiguration.defaultStorage(for:appName:)` uses the
    ///     bundle identifier and the API origin, so two apps or two servers never share an item.
    ///   - account: the item's account.
    ///   - accessGroup: an access group shared with the app's extensions (`TEAMID.group`), or `nil`
    ///     for the app's own.
    ///   - accessibility: when the item can be read.
    ///   - useDataProtectionKeychain: on macOS, keep the item in the data protection keychain (the
    ///     default, needed for access groups and accessibility); `false` uses the file-based login
    ///     keychain. Ignored on other platforms.
    ///   - sharedLockDirectory: a directory the app and its extensions share (the App Group
    ///     container), for the cross-process refresh lock; `nil` when only this process uses the item.
    ///   - backgroundExecution: the background time the shared lock is taken in, so the app is never
    ///     suspended holding it; ``BackgroundExecution/standard`` unless given (an app target may
    ///     pass `.application`).
    ///   - diagnostics: told when, on macOS, the data protection keychain refuses the app (no
    ///     provisioning profile) and the item falls back to the file-based keychain.
    public convenience init(
        service: String, account: String = "session", accessGroup: String? = nil,
        accessibility: KeychainAccessibility = .afterFirstUnlockThisDeviceOnly, useDataProtectionKeychain: Bool = true,
        sharedLockDirectory: URL? = nil, backgroundExecution: BackgroundExecution = .standard,
        diagnostics: WoteDiagnostics = .platformDefault
    ) {
        self.init(
            service: service, account: account, accessGroup: accessGroup, accessibility: accessibility,
            useDataProtectionKeychain: useDataProtectionKeychain, sharedLockDirectory: sharedLockDirectory,
            backgroundExecution: backgroundExecution, calls: .live, diagnostics: diagnostics)
    }
}

extension KeychainTokenStorage {
    /// The default store's item, which moves the session from the items earlier versions' default
    /// stores used at first use (``DefaultStoreHistory``).
    package static func defaultStore(
        service: String, useDataProtectionKeychain: Bool, origin: String, appName: String, hasBundleIdentifier: Bool
    ) -> KeychainTokenStorage {
        DefaultStoreHistory.keychainStore(
            service: service, useDataProtectionKeychain: useDataProtectionKeychain, origin: origin, appName: appName,
            hasBundleIdentifier: hasBundleIdentifier, calls: .live)
    }
}

extension KeychainCalls {
    /// The Security framework's `SecItem…` functions.
    static let live = KeychainCalls(
        add: { attributes in
            KeychainStatus(rawValue: SecItemAdd(attributes.dictionary as CFDictionary, nil))
        },
        copyMatching: { query in
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query.dictionary as CFDictionary, &item)
            return CopyResult(status: KeychainStatus(rawValue: status), data: item as? Data)
        },
        update: { query, attributesToUpdate in
            KeychainStatus(
                rawValue: SecItemUpdate(query.dictionary as CFDictionary, attributesToUpdate.dictionary as CFDictionary)
            )
        },
        delete: { query in
            KeychainStatus(rawValue: SecItemDelete(query.dictionary as CFDictionary))
        })
}

extension KeychainQuery {
    /// The query as the dictionary the `SecItem…` functions take.
    fileprivate var dictionary: [String: Any] {
        var dictionary: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: useDataProtectionKeychain,
            kSecAttrSynchronizable as String: synchronizable,
        ]
        if let accessGroup { dictionary[kSecAttrAccessGroup as String] = accessGroup }
        if let accessibility { dictionary[kSecAttrAccessible as String] = accessibility.constant }
        if let valueData { dictionary[kSecValueData as String] = valueData }
        if returnsData {
            dictionary[kSecReturnData as String] = true
            dictionary[kSecMatchLimit as String] = kSecMatchLimitOne
        }
        return dictionary
    }
}

extension KeychainAttributes {
    /// The attributes as the dictionary `SecItemUpdate` takes.
    fileprivate var dictionary: [String: Any] {
        [kSecValueData as String: valueData, kSecAttrAccessible as String: accessibility.constant]
    }
}

extension KeychainAccessibility {
    /// The `kSecAttrAccessible…` value.
    fileprivate var constant: CFString {
        switch self {
        case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
        case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        case .whenUnlocked: kSecAttrAccessibleWhenUnlocked
        case .whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
        }
    }
}
#endif
