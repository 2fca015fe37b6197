import Foundation
import Testing

/// `wote feed`, `post`, `vote` and `api` against a running reference server, as subprocesses:
/// E019 before a consumer type, create (the id found), show, feed, vote and a second vote (E015),
/// close and delete by the author, G010 for another member, E002 for an unknown post. Runs only
/// when `WOTE_CLI_E2E_SERVER` names a server, like ``ServerJourneyTests``.
@Suite(
    .referenceServerIsSet,
    .timeLimit(.minutes(2)))
struct PostJourneyTests {
    private var server: String { E2EServer.url ?? Sandbox.closedServer }

    /// A member with a completed profile, signed in on `sandbox`'s store; returns the nickname.
    private func member(_ sandbox: Sandbox) async throws -> String {
        let login = try await sandbox.wote(
            ["login", "kakao", "--json"], input: "kakao:\(E2EServer.unique("post-"))\n", server: server)
        try #require(login.status == 0, "\(login)")
        let nickname = E2EServer.unique("p")
        let setup = try await sandbox.wote(
            ["profile", "setup", "--nickname", nickname, "--school-name", "서울고", "--school-region", "seoul", "--json"],
            server: server)
        try #require(setup.status == 0, "\(setup)")
        return nickname
    }

    @Test func postJourney_create_show_feed_vote_close_delete() async throws {
        let author = try Sandbox()
        let nickname = try await member(author)
        let title = "살까? \(E2EServer.unique("t"))"

        let noType = try await author.wote(["post", "create", "--title", title, "--json"], server: server)
        #expect(noType.status == 4, "\(noType)")
        let noTypeError = try noType.jsonError()
        #expect(noTypeError["kind"] as? String == "profileRequired" && noTypeError["code"] as? String == "E019")
        #expect((noTypeError["message"] as? String)?.contains("wote consumer-type set") == true)
        let stillSignedIn = try await author.wote(["status", "--json"], server: server)
        #expect(try stillSignedIn.json()["state"] as? String == "signedIn", "\(stillSignedIn)")

        let type = try await author.wote(["consumer-type", "set", "flexer"], server: server)
        #expect(type.status == 0, "\(type)")
        let created = try await author.wote(
            [
                "post", "create", "--title", title, "--contents", "에어팟", "--price", "769000", "--url",
                "https://wote.kr",
                "--json",
            ],
            server: server)
        #expect(created.status == 0, "\(created)")
        let postID = try #require(try created.json()["postId"] as? Int, "\(created)")

        let show = try await author.wote(["post", "show", String(postID), "--json"], server: server)
        #expect(show.status == 0, "\(show)")
        let post = try #require(try show.json()["post"] as? [String: Any], "\(show)")
        #expect(post["title"] as? String == title && post["price"] as? Int == 769000 && post["isMine"] as? Bool == true)
        #expect((post["author"] as? [String: Any])?["nickname"] as? String == nickname)

        let feed = try await author.wote(["feed", "--size", "50", "--json"], server: server)
        #expect(feed.status == 0, "\(feed)")
        let posts = try #require(try feed.json()["posts"] as? [[String: Any]])
        #expect(posts.contains { $0["postId"] as? Int == postID }, "\(feed)")
        let text = try await author.wote(["feed", "--size", "50"], server: server)
        #expect(text.stdout.contains("#\(postID)  \(title)"), "\(text)")

        let voter = try Sandbox()
        _ = try await member(voter)
        _ = try await voter.wote(["consumer-type", "set", "ECO_WARRIOR"], server: server)
        let vote = try await voter.wote(["vote", String(postID), "agree", "--json"], server: server)
        #expect(vote.status == 0, "\(vote)")
        #expect(try vote.json()["agreeCount"] as? Int == 1 && (try vote.json()["disagreeCount"] as? Int) == 0)
        let again = try await voter.wote(["vote", String(postID), "disagree", "--json"], server: server)
        #expect(again.status == 5, "\(again)")
        #expect(try again.jsonError()["code"] as? String == "E015")
        #expect(try again.jsonError()["message"] as? String == "You have already voted on this post.")

        let notMine = try await voter.wote(["post", "close", String(postID), "--json"], server: server)
        #expect(notMine.status == 5, "\(notMine)")
        #expect(try notMine.jsonError()["code"] as? String == "G010")
        #expect(try notMine.jsonError()["message"] as? String == "Only the author can do that.")
        let notMineDelete = try await voter.wote(["post", "delete", String(postID), "--yes"], server: server)
        #expect(notMineDelete.status == 5 && notMineDelete.stderr.contains("[G010]"), "\(notMineDelete)")

        let close = try await author.wote(["post", "close", String(postID), "--json"], server: server)
        #expect(close.status == 0, "\(close)")
        let closed = try await author.wote(["post", "show", String(postID), "--json"], server: server)
        #expect((try closed.json()["post"] as? [String: Any])?["postStatus"] as? String == "CLOSED", "\(closed)")

        let delete = try await author.wote(["post", "delete", String(postID), "--yes", "--json"], server: server)
        #expect(delete.status == 0, "\(delete)")
        let gone = try await author.wote(["post", "show", String(postID), "--json"], server: server)
        #expect(gone.status == 5, "\(gone)")
        #expect(try gone.jsonError()["code"] as? String == "E002")
        #expect(try gone.jsonError()["message"] as? String == "No post with that id.")
    }

    @Test func api_againstTheServer_printsTheBody_andExitsByIt() async throws {
        let sandbox = try Sandbox()
        let login = try await sandbox.wote(
            ["login", "kakao"], input: "kakao:\(E2EServer.unique("api-"))\n", server: server)
        #expect(login.status == 0, "\(login)")
        let gated = try await sandbox.wote(["api", "/api/posts?visibilityScope=GLOBAL", "--json"], server: server)
        #expect(gated.status == 4, "\(gated)")
        #expect(gated.stdout.contains(#""divisionCode":"E009""#), "\(gated)")

        _ = try await member(sandbox)
        let feed = try await sandbox.wote(
            ["api", "/api/posts", "-X", "GET", "-f", "visibilityScope=GLOBAL", "-F", "size=1"], server: server)
        #expect(feed.status == 0, "\(feed)")
        #expect(feed.stdout.contains(#""status":200"#) && feed.stdout.contains(#""data":["#), "\(feed)")
        let unknown = try await sandbox.wote(["api", "-X", "DELETE", "/api/posts/999999999"], server: server)
        #expect(
            unknown.status == 5 && unknown.stdout.contains("E002") && unknown.stderr.contains("[E002]"), "\(unknown)")
        let badPage = try await sandbox.wote(
            ["api", "-X", "GET", "/api/posts", "-f", "visibilityScope=GLOBAL", "-F", "size=0"], server: server)
        #expect(badPage.status == 5, "\(badPage)")
        let serverFailure = try await sandbox.wote(["api", "/api/posts?visibilityScope=NOPE"], server: server)
        #expect(serverFailure.status == 7, "\(serverFailure)")
    }
}
