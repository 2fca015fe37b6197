package import Foundation

/// The four Keychain calls WoteKit makes, as an injectable value: `SecItemAdd`,
/// `SecItemCopyMatching`, `SecItemUpdate` and `SecItemDelete` on Apple platforms
/// (`KeychainCalls.live`, in `KeychainCalls+Security.swift`), an emulation of their semantics in tests.
///
/// Every call answers with the `OSStatus` as a ``KeychainStatus``; the logic that decides what a
/// status means lives in ``KeychainItem``, which is compiled and tested everywhere.
package struct KeychainCalls: Sendable {
    /// What `SecItemCopyMatching` found: its status and, on success, the item's data.
    package struct CopyResult: Sendable, Equatable {
        package var status: KeychainStatus
        /// The returned item when it was data (`nil` when nothing, or something else, came back).
        package var data: Data?

        package init(status: KeychainStatus, data: Data? = nil) {
            self.status = status
            self.data = data
        }
    }

    /// `SecItemAdd(attributes, nil)`.
    package var add: @Sendable (_ attributes: KeychainQuery) -> KeychainStatus
    /// `SecItemCopyMatching(query, &result)`.
    package var copyMatching: @Sendable (_ query: KeychainQuery) -> CopyResult
    /// `SecItemUpdate(query, attributesToUpdate)`.
    package var update: @Sendable (_ query: KeychainQuery, _ attributesToUpdate: KeychainAttributes) -> KeychainStatus
    /// `SecItemDelete(query)`.
    package var delete: @Sendable (_ query: KeychainQuery) -> KeychainStatus

    package init(
        add: @escaping @Sendable (_ attributes: KeychainQuery) -> KeychainStatus,
        copyMatching: @escaping @Sendable (_ query: KeychainQuery) -> CopyResult,
        update:
            @escaping @Sendable (_ query: KeychainQuery, _ attributesToUpdate: KeychainAttributes) -> KeychainStatus,
        delete: @escaping @Sendable (_ query: KeychainQuery) -> KeychainStatus
    ) {
        self.add = add
        self.copyMatching = copyMatching
        self.update = update
        self.delete = delete
    }
}
