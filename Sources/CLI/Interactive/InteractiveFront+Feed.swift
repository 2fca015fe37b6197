import Foundation
import WoteKit

extension InteractiveFront {
    /// The most posts one page of the feed screen shows.
    static let feedPageSize = 10

    /// The feed screen: one page of the global feed, newest first; open a post and vote on it, page
    /// through, back to home. Returns when the person goes back or quits, or when the session
    /// changed (the launch view model then routes).
    func feedScreen() async -> Next {
        var page = 0
        var posts = await loadFeed(page: page)
        while true {
            guard await isStillSignedIn() else { return .proceed }
            var lines = posts.map(PostText.line)
            if lines.isEmpty { lines = ["No posts on this page."] }
            guard
                let choice = await menu(
                    "Feed, page \(page + 1)", lines: lines,
                    choices: ["Open a post", "Next page", "Previous page", "Reload", "Back to home"])
            else { return .quit }
            switch choice {
            case "1":
                guard let next = await openPost() else { return .quit }
                if next == .proceed, !(await isStillSignedIn()) { return .proceed }
            case "2":
                page += 1
                posts = await loadFeed(page: page)
            case "3":
                page = max(0, page - 1)
                posts = await loadFeed(page: page)
            case "4":
                posts = await loadFeed(page: page)
            case "5":
                return .proceed
            default:
                showError("Please choose one of the listed options.")
            }
        }
    }

    private func loadFeed(page: Int) async -> [JSONValue] {
        loading("loading the feed")
        do {
            return try await FeedCommand.posts(scope: "GLOBAL", page: page, size: Self.feedPageSize, on: wote)
        } catch {
            show(error)
            return []
        }
    }

    /// Asks for a post's id, shows it, and offers a vote.
    ///
    /// - Returns: `nil` at the end of input; `.proceed` otherwise.
    private func openPost() async -> Next? {
        guard let answer = await ask("Post id: ") else { return nil }
        let postID: Int
        do {
            postID = try PostArguments.postID(answer.trimmingCharacters(in: .whitespaces))
        } catch {
            showError("“\(answer)” is not a post id.")
            return .proceed
        }
        loading("opening #\(postID)")
        let data: JSONValue?
        do {
            data = try await wote.answer(to: .get("/api/posts/\(postID)"), wording: .post)
        } catch {
            show(error)
            return .proceed
        }
        guard let post = data?["post"] else {
            showError("The server sent a post WoteKit could not read.")
            return .proceed
        }
        guard
            let choice = await menu(
                "Post #\(postID)", lines: PostText.detail(post).split(separator: "\n").map(String.init),
                choices: ["Vote agree (buy it)", "Vote disagree (don't)", "Back to the feed"])
        else { return nil }
        guard choice == "1" || choice == "2" else {
            if choice != "3" { showError("Please choose one of the listed options.") }
            return .proceed
        }
        loading("voting")
        do {
            let counts = try await VoteCommand.vote(postID, agrees: choice == "1", on: wote)
            say("Voted on #\(postID): \(PostText.counts(counts)).")
        } catch {
            show(error)
        }
        return .proceed
    }

    /// Shows a failure the way a view model's error is shown, with its code.
    private func show(_ failure: CommandFailure) {
        showError(failure.message + (failure.code.map { " [\($0)]" } ?? ""))
    }

    private func isStillSignedIn() async -> Bool {
        await wote.currentSession.state == .signedIn
    }
}
