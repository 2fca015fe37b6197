import Foundation
import WoteDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The sign-out record of a ``FileTokenStorage``: `<store>.signout` in the store's folder, 0600,
/// written through a temporary file and renamed, under the store's trust rules (``TrustedDirectory``,
/// never through a symbolic link, only a file this user owns is read).
struct FileSignOutRecordStore: SignOutRecordStore {
    /// The store's folder.
    let directoryPath: String
    /// The record file's name in it.
    let fileName: String

    /// Records are small; anything larger is not one.
    static let maximumFileSize = 64 * 1024

    /// The record beside the store file `storeName` in `directoryPath`.
    init(directoryPath: String, storeName: String) {
        self.directoryPath = directoryPath
        fileName = storeName + ".signout"
    }

    func loadRecord() -> SignOutRecord? {
        guard let directory = try? TrustedDirectory.open(directoryPath, creating: false, role: "the token directory"),
            let descriptor = try? POSIXFile.openFile(
                fileName, in: directory.descriptor, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        else { return nil }
        defer { close(descriptor) }
        guard (try? POSIXFile.checkOwned(descriptor, named: fileName)) != nil,
            let contents = (try? POSIXFile.readAll(descriptor, limit: Self.maximumFileSize)) ?? nil
        else { return nil }
        return Self.decoded(contents)
    }

    func saveRecord(_ record: SignOutRecord) throws {
        let contents = try Self.encoded(record)
        guard let directory = try TrustedDirectory.open(directoryPath, creating: true, role: "the token directory")
        else { throw TokenStorageError.unavailable("cannot create the token directory \(directoryPath)") }
        let temporary = try TemporaryStoreFile.write(contents, besideStore: fileName, in: directory)
        defer { temporary.close() }
        guard renameat(directory.descriptor, temporary.name, directory.descriptor, fileName) == 0 else {
            let failure = POSIXFile.Failure.current
            unlinkat(directory.descriptor, temporary.name, 0)
            throw failure
        }
        directory.sync()
    }
}

extension FileTokenStorage: KeepsSignOutRecord {
    /// `<store>.signout` beside the store file.
    package var signOutRecords: any SignOutRecordStore {
        FileSignOutRecordStore(directoryPath: directoryPath, storeName: fileName)
    }
}

/// The sign-out record of a ``KeychainTokenStorage``: a second generic password item, same
/// service, account `<account>.signout`, same access group and accessibility.
struct KeychainSignOutRecordStore: SignOutRecordStore {
    let item: KeychainItem

    func loadRecord() -> SignOutRecord? {
        guard let contents = (try? item.read()) ?? nil else { return nil }
        return Self.decoded(contents)
    }

    func saveRecord(_ record: SignOutRecord) throws {
        try item.write(try Self.encoded(record))
    }
}

extension KeychainTokenStorage: KeepsSignOutRecord {
    /// The item of account `<account>.signout` beside the session's.
    package var signOutRecords: any SignOutRecordStore { KeychainSignOutRecordStore(item: recordItem) }
}
