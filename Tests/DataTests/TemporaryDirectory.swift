import Foundation
import WoteDomain

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory for one test, removed when the test is done.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "WoteKitDataTests-\(UUID().uuidString)")
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

    /// The names in the directory, sorted.
    func contents(of directory: URL? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (directory ?? url).path(percentEncoded: false)).sorted()
    }
}

/// The permission bits of the file at `url` (not following a last-component link).
func permissions(of url: URL) -> mode_t? {
    var info = stat()
    guard lstat(url.path(percentEncoded: false), &info) == 0 else { return nil }
    return info.st_mode & 0o777
}

/// Whether this process ignores file permissions (runs as root), so `chmod 000` cannot make a
/// file unreadable to it.
var permissionsAreBypassed: Bool { geteuid() == 0 }

extension StoredSession {
    /// A session with whole-millisecond dates, as the store keeps them.
    static func fixture(access: String = "access.jwt", refresh: String = "refresh.jwt", completed: Bool = true)
        -> StoredSession
    {
        StoredSession(
            tokens: TokenPair(
                accessToken: access, refreshToken: refresh,
                accessTokenExpiresAt: Date(timeIntervalSince1970: 1_700_000_900.125),
                refreshTokenExpiresAt: Date(timeIntervalSince1970: 1_701_000_000),
                accessTokenIssuedAt: Date(timeIntervalSince1970: 1_700_000_000)),
            profileCompleted: completed)
    }
}
