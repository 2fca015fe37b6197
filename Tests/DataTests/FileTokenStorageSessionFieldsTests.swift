import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What issue 12 added to the stored session survives the file, and the lock is refused in a
/// directory others may write to, like the store itself.
@Suite struct FileTokenStorageSessionFieldsTests {
    @Test func originAndServerClockOffset_surviveTheFile() async throws {
        let directory = try TemporaryDirectory()
        var session = StoredSession.fixture()
        session.origin = "https://api.wote.test:443"
        session.serverClockOffset = -10_800

        try await FileTokenStorage(fileURL: directory.store).save(session)
        let loaded = try await FileTokenStorage(fileURL: directory.store).load()

        #expect(loaded?.origin == "https://api.wote.test:443")
        #expect(loaded?.serverClockOffset == -10_800)
    }

    /// Security review 2026-11-26, finding 10: an offset a hostile server pushed years away before
    /// the bound existed is not believed when read back.
    @Test func wildServerClockOffsetInTheStore_isDropped() async throws {
        let directory = try TemporaryDirectory()
        var session = StoredSession.fixture()
        session.origin = "https://api.wote.test:443"
        session.serverClockOffset = 10 * 365 * 86_400

        try await FileTokenStorage(fileURL: directory.store).save(session)
        let loaded = try await FileTokenStorage(fileURL: directory.store).load()

        #expect(loaded?.origin == "https://api.wote.test:443")
        #expect(loaded?.tokens == session.tokens)
        #expect(loaded?.serverClockOffset == nil)
    }

    @Test func lockInADirectoryOthersMayWriteTo_isRefused_namingIt() async throws {
        let directory = try TemporaryDirectory()
        let shared = directory.url.appending(path: "shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        #expect(chmod(shared.path(percentEncoded: false), 0o777) == 0)

        await #expect {
            try await FileTokenStorage(fileURL: shared.appending(path: "session.json")).lock(
                waitingAtMost: .milliseconds(50))
        } throws: { error in
            guard let error = error as? TokenStorageError else { return false }
            return error.isUnavailable && error.reason.contains(shared.path(percentEncoded: false))
        }
    }
}
