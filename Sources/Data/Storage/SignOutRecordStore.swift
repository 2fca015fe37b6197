import Foundation
package import WoteDomain
import WoteLocked

/// Where the last ``SignOutRecord`` is kept beside a token store: a sibling file, a second Keychain
/// item, or memory. Best effort: a record that cannot be written or read never changes the session.
package protocol SignOutRecordStore: Sendable {
    /// The record kept, if any and readable.
    func loadRecord() -> SignOutRecord?
    /// Replaces the record kept with `record`.
    ///
    /// - Throws: the store's failure; the caller ignores it.
    func saveRecord(_ record: SignOutRecord) throws
}

/// A token store that keeps its sign-out record beside it, so the record lasts as long as the
/// session would have.
package protocol KeepsSignOutRecord {
    /// The store for this token store's sign-out record.
    var signOutRecords: any SignOutRecordStore { get }
}

extension SignOutRecordStore {
    /// The record's stored form: JSON, dates as seconds since 1970.
    static func encoded(_ record: SignOutRecord) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(record)
    }

    /// The record in `data`, or `nil` when it is no record of a version this code reads.
    static func decoded(_ data: Data) -> SignOutRecord? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(SignOutRecord.self, from: data)
    }
}

/// A sign-out record in memory: for ``InMemoryTokenStorage`` and for an app's own token store.
package final class InMemorySignOutRecordStore: SignOutRecordStore {
    private let record = Locked<SignOutRecord?>(nil)

    /// Creates an empty store.
    package init() {}

    /// The record kept, if any.
    package func loadRecord() -> SignOutRecord? { record.current }

    /// Keeps `record`.
    package func saveRecord(_ record: SignOutRecord) {
        self.record.withLock { $0 = record }
    }
}

/// A token store a sign-out record is kept beside: its own record store, or one in memory for a
/// store that keeps none (an app's own ``TokenStorage``).
package func signOutRecordStore(beside storage: any TokenStorage) -> any SignOutRecordStore {
    (storage as? any KeepsSignOutRecord)?.signOutRecords ?? InMemorySignOutRecordStore()
}

extension InMemoryTokenStorage: KeepsSignOutRecord {
    /// The record in memory, for as long as this store lives.
    package nonisolated var signOutRecords: any SignOutRecordStore { records }
}
