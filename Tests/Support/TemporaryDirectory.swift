public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory for one test, removed when the test is done.
public final class TemporaryDirectory {
    /// The directory.
    public let url: URL

    /// Creates an empty directory under the system's temporary directory.
    public init() throws {
        // A number, not a UUID: messages that name a folder in here go through the redaction, which
        // masks a UUID-shaped run (it may be a key) along with the rest of the path.
        let name = "WoteKitTests-\(UInt64.random(in: 0..<1_000_000_000_000_000))"
        url = FileManager.default.temporaryDirectory.appending(path: name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit {
        // Make anything a test locked down removable again.
        if let enumerator = FileManager.default.enumerator(atPath: url.path(percentEncoded: false)) {
            for case let relative as String in enumerator {
                _ = chmod(url.appending(path: relative).path(percentEncoded: false), 0o700)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// A store path inside the directory (the file does not exist yet).
    public var store: URL { url.appendingPathComponent("state/session.json", isDirectory: false) }

    /// The names in the directory, sorted.
    public func contents(of directory: URL? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (directory ?? url).path(percentEncoded: false)).sorted()
    }
}

/// The permission bits of the file at `url` (not following a last-component link).
public func permissions(of url: URL) -> mode_t? {
    var info = stat()
    guard lstat(url.path(percentEncoded: false), &info) == 0 else { return nil }
    return info.st_mode & 0o777
}

/// Sets the permission bits of the file at `url`, as `chmod` does.
public func setPermissions(_ mode: Int, of url: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path(percentEncoded: false))
}

/// Whether this process ignores file permissions (runs as root), so `chmod 000` cannot make a
/// file unreadable to it.
public var permissionsAreBypassed: Bool { geteuid() == 0 }
