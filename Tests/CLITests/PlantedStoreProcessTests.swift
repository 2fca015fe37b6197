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

/// Security review 2026-11-26, finding 1, with two unprivileged users: an attacker (uid 65533)
/// plants a store folder, with a session (no origin) and a lock file open to everyone, in a
/// shared sticky folder; the victim (uid 65534, `nobody`) runs `wote` on that path. The victim's
/// `wote` refuses the folder, naming it, and never signs in as the attacker.
///
/// Switching users needs root (CI runs as root) and `setpriv`; elsewhere the test is skipped,
/// saying why.
@Suite(.timeLimit(.minutes(1))) struct PlantedStoreProcessTests {
    static let attacker: uid_t = 65533
    static let victim: uid_t = 65534
    static let setpriv = "/usr/bin/setpriv"
    static let canSwitchUsers =
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv) && WoteProcess.executable != nil
    static let why: Comment =
        "runs wote as a second, unprivileged uid: needs root, /usr/bin/setpriv and the built wote (CI has all three)"

    @Test(.enabled(if: canSwitchUsers, why))
    func plantedFolderSessionAndLock_areRefusedByAnUnprivilegedVictim() async throws {
        let directory = try TemporaryDirectory()
        let shared = directory.url.appending(path: "shared")
        try make(shared, mode: 0o1777, owner: 0)  // like /tmp
        let planted = shared.appending(path: "wote")
        try make(planted, mode: 0o755, owner: Self.attacker)
        let session = planted.appending(path: "session.json")
        let attackerSession =
            #"{"version":1,"accessToken":"attacker-access","refreshToken":"attacker-refresh","#
            + #""accessTokenIssuedAt":1700000000000,"profileCompleted":true}"#
        try write(attackerSession, to: session, mode: 0o644, owner: Self.attacker)
        try write("", to: planted.appending(path: "session.json.lock"), mode: 0o666, owner: Self.attacker)
        let home = directory.url.appending(path: "home")
        try make(home, mode: 0o700, owner: Self.victim)

        for command in [["status"], ["logout"]] {
            let result = try await runAsVictim(["--store", session.path(percentEncoded: false)] + command, home: home)
            let said = result.stdout + result.stderr
            #expect(result.status != 0, "\(command): \(result)")
            #expect(
                said.contains("\(planted.path(percentEncoded: false)) belongs to uid \(Self.attacker)"), "\(result)")
            #expect(!said.contains("Signed in"), "\(result)")
        }
        #expect(try String(contentsOf: session, encoding: .utf8) == attackerSession)
    }

    @Test(.enabled(if: canSwitchUsers, why))
    func theVictimsOwnFolderInTheSameSharedFolder_works() async throws {
        let directory = try TemporaryDirectory()
        let shared = directory.url.appending(path: "shared")
        try make(shared, mode: 0o1777, owner: 0)
        let own = shared.appending(path: "wote")
        try make(own, mode: 0o700, owner: Self.victim)
        let home = directory.url.appending(path: "home")
        try make(home, mode: 0o700, owner: Self.victim)

        let store = own.appending(path: "session.json").path(percentEncoded: false)
        let result = try await runAsVictim(["--store", store, "status"], home: home)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Signed out"), "\(result)")
    }

    /// Runs `wote arguments` as ``victim`` through `setpriv`, with `HOME` at `home`.
    private func runAsVictim(_ arguments: [String], home: URL) async throws -> WoteProcess.Result {
        let wote = try #require(WoteProcess.executable).path(percentEncoded: false)
        let victim = "\(Self.victim)"
        let output = Pipe()
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.setpriv)
        process.arguments = ["--reuid=\(victim)", "--regid=\(victim)", "--clear-groups", "--", wote] + arguments
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

    private func write(_ text: String, to url: URL, mode: mode_t, owner: uid_t) throws {
        let path = url.path(percentEncoded: false)
        try #require(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        try #require(chown(path, owner, gid_t(owner)) == 0)
        try #require(chmod(path, mode) == 0)
    }
}
