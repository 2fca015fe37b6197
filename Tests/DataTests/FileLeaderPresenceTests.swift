import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

/// Apple audit 2026-11-28, F5, the Linux presence: a leader's shared `flock` on `<store>.leader`,
/// which another process's follower (here another instance over the same file) tests without
/// blocking; withdrawing it is heard through inotify.
@Suite(.timeLimit(.minutes(1))) struct FileLeaderPresenceTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func f5_aLeadersPresence_isSeenByAnotherInstance_untilItIsWithdrawn_andTheWithdrawalIsHeard() async throws {
        let store = directory.url.appending(path: "wote/session.json")
        let leader = try #require(FileTokenStorage(fileURL: store).leaderPresence)
        let follower = try #require(FileTokenStorage(fileURL: store).leaderPresence)
        #expect(!follower.isLeaderActive())

        let publication = try #require(leader.publish())
        let second = try #require(leader.publish())  // two leaders share the presence
        #expect(follower.isLeaderActive())
        let (heard, hear) = AsyncStream.makeStream(of: Void.self)
        let listening = try #require(follower.observe { hear.yield() })
        defer { listening.cancel() }

        publication.cancel()
        #expect(follower.isLeaderActive(), "one leader is still active")
        var notices = heard.makeAsyncIterator()
        _ = await notices.next()
        second.cancel()
        #expect(!follower.isLeaderActive())
        _ = await notices.next()  // the last withdrawal is heard too
        #expect(permissions(of: URL(fileURLWithPath: store.path(percentEncoded: false) + ".leader")) == 0o600)
    }

    @Test func f5_aPresenceFileThatIsASymbolicLink_isNotFollowed() throws {
        let store = directory.url.appending(path: "wote/session.json")
        try FileManager.default.createDirectory(
            at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        let target = directory.url.appending(path: "elsewhere")
        try FileManager.default.createSymbolicLink(
            at: URL(fileURLWithPath: store.path(percentEncoded: false) + ".leader"), withDestinationURL: target)
        let presence = try #require(FileTokenStorage(fileURL: store).leaderPresence)
        #expect(presence.publish() == nil)
        #expect(!FileManager.default.fileExists(atPath: target.path(percentEncoded: false)))
        #expect(!presence.isLeaderActive())
    }
}
