package import Foundation

/// The stored session's one Keychain item: reads, writes and deletes it through ``KeychainCalls``
/// and decides what each status means. Compiled and tested on every platform; only the four calls
/// are Apple's.
package struct KeychainItem: Sendable {
    /// The query that identifies the item.
    package let identity: KeychainQuery
    /// The accessibility class the item is written with.
    package let accessibility: KeychainAccessibility
    private let calls: KeychainCalls

    package init(identity: KeychainQuery, accessibility: KeychainAccessibility, calls: KeychainCalls) {
        self.identity = identity
        self.accessibility = accessibility
        self.calls = calls
    }

    /// The item's data.
    ///
    /// - Returns: the data, or `nil` when there is no item.
    /// - Throws: ``KeychainError``: the status of a refused read, or ``KeychainError/noData``.
    package func read() throws(KeychainError) -> Data? {
        var query = identity
        query.returnsData = true
        let result = calls.copyMatching(query)
        switch result.status {
        case .success:
            guard let data = result.data else { throw .noData }
            return data
        case .itemNotFound:
            return nil
        default:
            throw .status(result.status, while: .reading)
        }
    }

    /// Replaces the item's data, creating the item when there is none.
    ///
    /// Update first; when there is no item, add it; when the add finds a duplicate (another process
    /// sharing the access group added it in between), update again.
    ///
    /// - Throws: ``KeychainError`` with the status of the call that failed.
    package func write(_ data: Data) throws(KeychainError) {
        let attributes = KeychainAttributes(valueData: data, accessibility: accessibility)
        var status = calls.update(identity, attributes)
        if status == .itemNotFound {
            var item = identity
            item.accessibility = accessibility
            item.valueData = data
            status = calls.add(item)
            if status == .duplicateItem {
                status = calls.update(identity, attributes)
            }
        }
        guard status == .success else { throw .status(status, while: .writing) }
    }

    /// Deletes the item; succeeds when there is none.
    ///
    /// - Throws: ``KeychainError`` with the status of a refused delete.
    package func delete() throws(KeychainError) {
        let status = calls.delete(identity)
        guard status == .success || status == .itemNotFound else { throw .status(status, while: .deleting) }
    }
}
