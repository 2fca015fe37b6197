package import Foundation

/// The attributes `SecItemUpdate` changes on the item found (its `attributesToUpdate`).
package struct KeychainAttributes: Sendable, Hashable {
    /// `kSecValueData`.
    package var valueData: Data
    /// `kSecAttrAccessible`, so an item written under an older setting moves to the current one.
    package var accessibility: KeychainAccessibility

    package init(valueData: Data, accessibility: KeychainAccessibility) {
        self.valueData = valueData
        self.accessibility = accessibility
    }
}
