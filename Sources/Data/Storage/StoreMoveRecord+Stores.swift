import Foundation
import WoteDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The move record of a ``FileTokenStorage``: the empty file `<store>.moved` beside the store, 0600,
/// this user's, made and looked at relative to the store's checked folder (``TrustedDirectory``),
/// never through a link.
struct FileStoreMoveRecord: StoreMoveRecord {
    /// The store's folder.
    let directoryPath: String
    /// The record's name in it.
    let fileName: String

    func isDone() -> Bool {
        guard let folder = try? TrustedDirectory.open(directoryPath, creating: false, role: "the token directory")
        else { return false }
        var info = stat()
        guard fstatat(folder.descriptor, fileName, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return info.st_mode & POSIXFile.fileTypeMask == POSIXFile.regularFileType && info.st_uid == geteuid()
    }

    func recordDone() -> Bool {
        guard let folder = try? TrustedDirectory.open(directoryPath, creating: true, role: "the token directory")
        else { return false }
        let descriptor = openat(
            folder.descriptor, fileName, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        folder.sync()
        return isDone()
    }
}

/// The move record of a ``KeychainTokenStorage``: an empty item of account `<account>.moved`, same
/// service, access group and accessibility as the session's.
struct KeychainStoreMoveRecord: StoreMoveRecord {
    let item: KeychainItem

    func isDone() -> Bool {
        ((try? item.read()) ?? nil) != nil
    }

    func recordDone() -> Bool {
        (try? item.write(Data("moved".utf8))) != nil
    }
}
