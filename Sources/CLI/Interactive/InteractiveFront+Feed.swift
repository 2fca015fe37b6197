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
            if lines.isEmpty { lines = [localized("No posts on this page.", ko: "이 쪽에는 게시글이 없습니다.")] }
            guard
                let choice = await menu(
                    localized("Feed, page \(page + 1)", ko: "피드, \(page + 1)쪽"), lines: lines,
                    choices: [
                        localized("Open a post", ko: "게시글 열기"), localized("Next page", ko: "다음 쪽"),
                        localized("Previous page", ko: "이전 쪽"), localized("Reload", ko: "새로 고침"),
                        localized("Back to home", ko: "홈으로"),
                    ])
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
                showError(localized("Please choose one of the listed options.", ko: "목록에 있는 번호를 고르세요."))
            }
        }
    }

    private func loadFeed(page: Int) async -> [JSONValue] {
        loading(localized("loading the feed", ko: "피드를 불러오는 중"))
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
        guard let answer = await ask(localized("Post id: ", ko: "게시글 번호: ")) else { return nil }
        let postID: Int
        do {
            postID = try PostArguments.postID(answer.trimmingCharacters(in: .whitespaces))
        } catch {
            showError(localized("“\(answer)” is not a post id.", ko: "“\(answer)”은(는) 게시글 번호가 아닙니다."))
            return .proceed
        }
        loading(localized("opening #\(postID)", ko: "#\(postID)을(를) 여는 중"))
        let data: JSONValue?
        do {
            data = try await wote.answer(to: .get("/api/posts/\(postID)"), wording: .post)
        } catch {
            show(error)
            return .proceed
        }
        guard let post = data?["post"] else {
            showError(
                localized("The server sent a post WoteKit could not read.", ko: "서버가 보낸 게시글을 WoteKit이 읽을 수 없습니다."))
            return .proceed
        }
        guard
            let choice = await menu(
                localized("Post #\(postID)", ko: "게시글 #\(postID)"),
                lines: PostText.detail(post).split(separator: "\n").map(String.init),
                choices: [
                    localized("Vote agree (buy it)", ko: "찬성 (사세요)"),
                    localized("Vote disagree (don't)", ko: "반대 (사지 마세요)"),
                    localized("Back to the feed", ko: "피드로"),
                ])
        else { return nil }
        guard choice == "1" || choice == "2" else {
            if choice != "3" {
                showError(localized("Please choose one of the listed options.", ko: "목록에 있는 번호를 고르세요."))
            }
            return .proceed
        }
        loading(localized("voting", ko: "투표하는 중"))
        do {
            let counts = try await VoteCommand.vote(postID, agrees: choice == "1", on: wote)
            say(localized("Voted on #\(postID): ", ko: "#\(postID)에 투표했습니다: ") + PostText.counts(counts) + ".")
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
