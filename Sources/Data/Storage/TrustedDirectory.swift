import Foundation
package import WoteDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of the token store, opened by descriptor after every folder on the way to it was found
/// to be controlled by this user or root alone; the store then works relative to the descriptor
/// (`openat`, `renameat`, `unlinkat`), so nobody can swap a path component under it.
///
/// Where the walk starts: at `/` on Linux; on Apple platforms at the container the system gives
/// the process when the folder lies in one (its home folder, an App Group container: see
/// ``containerRoot(of:containers:)``), because a sandbox refuses to open the folders above it
/// (Apple audit 2026-11-28, F1). The container itself is opened by its path and checked like any
/// folder above the store; nothing above it is looked at. Every folder is opened search-only
/// (`O_PATH` on Linux, `O_SEARCH` on Darwin), so a folder that may be searched but not read (a
/// 0711 home folder, a sandbox's parent folders) never breaks the walk.
///
/// The rule, folder by folder (see Docs/Security.md):
/// - every folder above the store's belongs to this user or to root, and is not writable by group
///   or others unless it is sticky (like `/tmp`): then others may add entries but never rename or
///   remove this user's, and the next folder down is checked in turn;
/// - the store's folder itself belongs to this user and is not writable by group or others,
///   however the path spells it (`/.`, `//`, a trailing `/`: the last folder the walk ends in is
///   the store's folder);
/// - a symbolic link on the way is followed only when this user or root owns it (it then says no
///   more than its owner could have said by writing the target's path; macOS's `/var` and `/tmp`
///   are such links); one owned by anybody else is refused;
/// - a missing folder is created with `mkdirat` (0700) in the folder already opened, and anything
///   that is not a folder (a file, a FIFO) is refused without being opened for reading.
///
/// For a process running as root, "this user or root" is root alone: a folder a user owns is
/// refused, so a user cannot steer root's writes.
package final class TrustedDirectory {
    /// The open folder.
    package let descriptor: Int32
    /// The folder's path as walked (symbolic links resolved), for messages.
    package let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The longest chain of symbolic links followed, as the kernel's own limit.
    private static let maximumLinks = 40

    #if os(Linux)
    /// Opens a folder only to walk through it: no read permission needed (Linux `O_PATH`).
    private static let walkFlags: Int32 = 0o10_000_000 | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    #elseif canImport(Darwin)
    /// Opens a folder only to walk through it: no read permission needed. xnu's search-only open,
    /// `O_SEARCH` = `(O_EXEC | O_DIRECTORY)` (apple-oss-distributions/xnu, bsd/sys/fcntl.h: "open
    /// directory for search only"; `FFLAGS`: "O_EXEC turns off FREAD/FWRITE"), so a sandbox that
    /// refuses to read a folder's list still lets the walk pass through it.
    private static let walkFlags: Int32 = O_SEARCH | O_NOFOLLOW | O_CLOEXEC
    #else
    private static let walkFlags: Int32 = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    #endif

    /// Opens the folder at `path` for reading, checking every folder from the walk's start down.
    ///
    /// - Parameters:
    ///   - path: an absolute path.
    ///   - creating: whether missing folders are created (0700).
    ///   - role: what the folder is, for messages ("the token directory").
    ///   - containers: the folders the system gives this process, where a walk may start instead
    ///     of `/` (see ``systemContainers(for:)``).
    /// - Returns: the folder, or `nil` when it (or a folder above it) does not exist and
    ///   `creating` is `false`.
    /// - Throws: ``TokenStorageError/unavailable(_:)`` naming the folder refused and why.
    package static func open(
        _ path: String, creating: Bool, role: String, containers: [String]? = nil
    ) throws(TokenStorageError) -> TrustedDirectory? {
        let euid = geteuid()
        let path = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let containers = containers ?? systemContainers(for: path)
        var (current, pending) = try start(
            at: components(of: path), containers: containers, role: role, target: path, euid: euid)
        var links = 0
        while let name = pending.popLast() {
            let childPath = current.path == "/" ? "/" + name : current.path + "/" + name
            var info = stat()
            if fstatat(current.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                let failure = POSIXFile.Failure.current
                guard failure.code == ENOENT else {
                    throw .unavailable("cannot inspect \(childPath) on the way to \(role) \(path): \(failure.text)")
                }
                guard creating else { return nil }
                current = try create(
                    name, in: current, path: childPath, role: role, target: path, isLast: pending.isEmpty)
                continue
            }
            switch info.st_mode & POSIXFile.fileTypeMask {
            case POSIXFile.symbolicLinkType:
                guard info.st_uid == euid || info.st_uid == 0 else {
                    throw .unavailable(
                        "\(childPath) is a symbolic link owned by uid \(info.st_uid), on the way to \(role) \(path); "
                            + "refusing to follow it")
                }
                links += 1
                guard links <= maximumLinks else {
                    throw .unavailable("too many symbolic links on the way to \(role) \(path)")
                }
                let target = try readLink(name, in: current, path: childPath)
                if target.hasPrefix("/") {
                    (current, pending) = try start(
                        at: components(of: target) + pending.reversed(), containers: containers, role: role,
                        target: path, euid: euid)
                } else {
                    pending += components(of: target).reversed()
                }
            case POSIXFile.directoryType:
                let descriptor = openat(current.descriptor, name, walkFlags)
                guard descriptor >= 0 else {
                    throw .unavailable(
                        "cannot open \(childPath) on the way to \(role) \(path): \(POSIXFile.Failure.current.text)")
                }
                let walked = name == ".." ? parentPath(of: current.path) : childPath
                current = TrustedDirectory(descriptor: descriptor, path: walked)
                try check(current, role: role, target: path, euid: euid, isLast: pending.isEmpty)
            default:
                throw .unavailable("\(childPath) is not a directory, on the way to \(role) \(path); refusing to use it")
            }
        }
        return try current.reopenedForReading(role: role)
    }

    /// The folders of `path`, in order: empty names (`//`, a trailing `/`) and `.` dropped, so the
    /// last name left is the folder the walk ends in and gets the store folder's rule.
    package static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    /// The container among `containers` that holds the folder `parts` (the longest), and the names
    /// below it; `nil` when none does, or when a `..` below it could climb out of it.
    ///
    /// - Parameters:
    ///   - parts: an absolute path's names (see ``components(of:)``).
    ///   - containers: absolute paths of folders the system gives the process.
    /// - Returns: the container's path and the names still to walk below it.
    package static func containerRoot(of parts: [String], containers: [String]) -> (root: String, below: [String])? {
        var best: [String]?
        for container in containers where container.hasPrefix("/") {
            let root = components(of: container)
            guard !root.isEmpty, !root.contains(".."), parts.count >= root.count,
                Array(parts.prefix(root.count)) == root, !parts.dropFirst(root.count).contains(".."),
                root.count > (best?.count ?? 0)
            else { continue }
            best = root
        }
        guard let best else { return nil }
        return ("/" + best.joined(separator: "/"), Array(parts.dropFirst(best.count)))
    }

    /// The containers the system gives this process, where a walk to `path` may start: on Apple
    /// platforms its home folder (the app's or extension's data container in a sandbox), and the App
    /// Group container `path` lies in (``appGroupContainer(of:userHome:)``); none elsewhere: the
    /// walk starts at `/`.
    static func systemContainers(for path: String) -> [String] {
        #if canImport(Darwin)
        var containers = [NSHomeDirectory()]
        var userHome = NSHomeDirectory()
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            userHome = String(cString: directory)
        }
        if let group = appGroupContainer(of: components(of: path), userHome: userHome) { containers.append(group) }
        return containers
        #else
        _ = path
        return []
        #endif
    }

    /// The App Group container holding the folder `parts`, where the system puts them and nobody
    /// else can write: `/private/var/mobile/Containers/Shared/AppGroup/<id>` (iOS, also spelled
    /// through the `/var` link) or `<the user's home>/Library/Group Containers/<group>` (macOS, as
    /// `containerURL(forSecurityApplicationGroupIdentifier:)` documents); `nil` for any other folder
    /// (the same names under a folder anybody could make are not a container).
    ///
    /// - Parameters:
    ///   - parts: an absolute path's names (see ``components(of:)``).
    ///   - userHome: the user's own home folder (`getpwuid`), not a sandbox's.
    package static func appGroupContainer(of parts: [String], userHome: String) -> String? {
        let layouts = [
            ["private", "var", "mobile", "Containers", "Shared", "AppGroup"],
            ["var", "mobile", "Containers", "Shared", "AppGroup"],
            components(of: userHome) + ["Library", "Group Containers"],
        ]
        for layout in layouts where layout.count > 2 && parts.count > layout.count {
            let name = parts[layout.count]
            guard Array(parts.prefix(layout.count)) == layout, name != ".." else { continue }
            return "/" + (layout + [name]).joined(separator: "/")
        }
        return nil
    }

    /// Writes `fsync` for the folder's entries (a rename, an unlink); a failure only weakens
    /// durability, so it is ignored.
    func sync() {
        _ = fsync(descriptor)
    }

    /// The names in the folder.
    func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    // MARK: - Walking

    /// Opens where a walk to `parts` starts, checked: the container holding them (opened by its
    /// path) or `/`, with the names still to walk, as a stack (the next name last).
    private static func start(
        at parts: [String], containers: [String], role: String, target: String, euid: uid_t
    ) throws(TokenStorageError) -> (TrustedDirectory, [String]) {
        let (rootPath, below) = containerRoot(of: parts, containers: containers) ?? ("/", parts)
        let descriptor: Int32
        do {
            descriptor = try POSIXFile.openFile(rootPath, walkFlags)
        } catch {
            throw .unavailable("cannot open \(rootPath) on the way to \(role) \(target): \(error.text)")
        }
        let root = TrustedDirectory(descriptor: descriptor, path: rootPath)
        try check(root, role: role, target: target, euid: euid, isLast: below.isEmpty)
        return (root, Array(below.reversed()))
    }

    /// Creates `name` (0700) in `parent` and opens it; the umask may only have taken bits away,
    /// and `fchmod` on the new folder's descriptor puts them back without a path.
    private static func create(
        _ name: String, in parent: TrustedDirectory, path: String, role: String, target: String, isLast: Bool
    ) throws(TokenStorageError) -> TrustedDirectory {
        if mkdirat(parent.descriptor, name, 0o700) != 0, errno != EEXIST {
            throw .unavailable("cannot create \(role) \(target): \(path): \(POSIXFile.Failure.current.text)")
        }
        // Read-only, not search-only: `fchmod` below needs a descriptor that is more than a path.
        let descriptor = openat(parent.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unavailable("cannot open \(path) on the way to \(role) \(target): \(POSIXFile.Failure.current.text)")
        }
        let created = TrustedDirectory(descriptor: descriptor, path: path)
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_uid == geteuid() { _ = fchmod(descriptor, 0o700) }
        try check(created, role: role, target: target, euid: geteuid(), isLast: isLast)
        return created
    }

    /// Refuses a folder somebody other than this user or root controls (see the type's rule).
    private static func check(_ folder: TrustedDirectory, role: String, target: String, euid: uid_t, isLast: Bool)
        throws(TokenStorageError)
    {
        var info = stat()
        guard fstat(folder.descriptor, &info) == 0 else {
            throw .unavailable(
                "cannot inspect \(folder.path) on the way to \(role) \(target): \(POSIXFile.Failure.current.text)")
        }
        guard info.st_mode & POSIXFile.fileTypeMask == POSIXFile.directoryType else {
            throw .unavailable("\(folder.path) is not a directory; refusing to use it as \(role)")
        }
        let mode = String(info.st_mode & 0o777, radix: 8)
        if isLast {
            guard info.st_uid == euid else {
                throw .unavailable(
                    "\(role) \(folder.path) belongs to uid \(info.st_uid), not to this user (uid \(euid)); "
                        + "refusing to use it")
            }
            guard info.st_mode & 0o022 == 0 else {
                throw .unavailable("\(role) \(folder.path) may be written by others (mode \(mode)); refusing to use it")
            }
        } else {
            guard info.st_uid == euid || info.st_uid == 0 else {
                throw .unavailable(
                    "the folder \(folder.path) belongs to uid \(info.st_uid), neither this user (uid \(euid)) nor root: "
                        + "refusing to keep \(role) \(target) under it")
            }
            guard info.st_mode & 0o022 == 0 || info.st_mode & 0o1000 != 0 else {
                throw .unavailable(
                    "the folder \(folder.path) may be written by others (mode \(mode)) and is not sticky: "
                        + "refusing to keep \(role) \(target) under it")
            }
        }
    }

    private static func readLink(_ name: String, in folder: TrustedDirectory, path: String) throws(TokenStorageError)
        -> String
    {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlinkat(folder.descriptor, name, &buffer, buffer.count - 1)
        guard count > 0 else {
            throw .unavailable("cannot read the symbolic link \(path): \(POSIXFile.Failure.current.text)")
        }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parentPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The same folder opened for reading (its entries, `fsync`): the walk's descriptor may only
    /// allow walking.
    private func reopenedForReading(role: String) throws(TokenStorageError) -> TrustedDirectory {
        let descriptor = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unavailable("cannot open \(role) \(path): \(POSIXFile.Failure.current.text)")
        }
        return TrustedDirectory(descriptor: descriptor, path: path)
    }
}
