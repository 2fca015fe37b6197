import Foundation
import Testing
import WoteTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Apple audit 2026-11-28, F1: the store's trust walk must pass folders the process may search but
/// not read, as a sandbox (or a 0711 home folder) makes them. An unprivileged user (uid 65534,
/// `nobody`) runs `wote` on a store below a root-owned folder of mode 0111 (search only) and 0711:
/// the store works (signed out, no error), and a session written there is read back.
///
/// Switching users needs root (CI runs as root) and `setpriv` (util-linux); elsewhere the test is
/// skipped, saying why.
@Suite(.timeLimit(.minutes(1))) struct SearchOnlyFolderProcessTests {
    static let user: uid_t = 65534
    static let setpriv = "/usr/bin/setpriv"
    static let canSwitchUsers =
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv) && WoteProcess.executable != nil
    static let why: Comment =
        "runs wote as an unprivileged uid: needs root, /usr/bin/setpriv and the built wote (CI has all three)"

    @Test(.enabled(if: canSwitchUsers, why), arguments: [0o111, 0o711] as [mode_t])
    func f1_aFolderAboveTheStoreThatMayBeSearchedButNotRead_doesNotBreakTheStore(mode: mode_t) async throws {
        let directory = try TemporaryDirectory()
        // root-owned, search only for everybody else: like /private/var/mobile/Containers/Shared/AppGroup
        // in an app's sandbox, or a 0711 home folder.
        let container = directory.url.appending(path: "container")
        try make(container, mode: mode, owner: 0)
        let home = container.appending(path: "home")
        try make(home, mode: 0o700, owner: Self.user)
        try #require(chmod(directory.url.path(percentEncoded: false), 0o711) == 0)
        let store = home.appending(path: "wote/session.json").path(percentEncoded: false)

        let status = try await run(["--store", store, "status"], home: home)
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout.contains("Signed out"), "\(status)")
        #expect(!status.stderr.contains("Permission denied"), "\(status)")
        #expect(!status.stderr.contains("not permitted"), "\(status)")
        // The store's folder was made below the search-only folder, and belongs to the user.
        var info = stat()
        #expect(stat(home.appending(path: "wote").path(percentEncoded: false), &info) == 0)
        #expect(info.st_uid == Self.user)
    }

    /// Runs `wote arguments` as ``user`` through `setpriv`, with `HOME` at `home`.
    private func run(_ arguments: [String], home: URL) async throws -> WoteProcess.Result {
        let wote = try #require(WoteProcess.executable).path(percentEncoded: false)
        let user = "\(Self.user)"
        let output = Pipe()
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.setpriv)
        process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--", wote] + arguments
        process.environment = ["HOME": home.path(percentEncoded: false), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        // Both outputs are a few lines: far below a pipe's buffer, so waiting for the exit first is safe.
        return WoteProcess.Result(
            status: status,
            stdout: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    private func make(_ url: URL, mode: mode_t, owner: uid_t) throws {
        let path = url.path(percentEncoded: false)
        try #require(mkdir(path, 0o700) == 0)
        try #require(chown(path, owner, gid_t(owner)) == 0)
        try #require(chmod(path, mode) == 0)
    }
}
