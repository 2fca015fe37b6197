/// How a post reads for people: one line in the feed, a few lines on its own.
///
/// Every text in a post was written by a member or the server, so it is made inert
/// (``TerminalText``): no control character reaches the terminal, and a one-line field (title,
/// nickname, link) cannot break its line to fake output of its own; only the contents keep their
/// line breaks.
package enum PostText {
    /// `#12  Buy AirPods Max?  by 투표왕 · 769000 · agree 3 / disagree 1 · ACTIVE · voted agree`.
    package static func line(_ post: JSONValue) -> String {
        var text = ""
        append(post, to: &text)
        return text
    }

    /// The feed lines of `posts`, one per post, built in one string: the work grows with the posts
    /// and their text, never faster.
    package static func lines(_ posts: [JSONValue]) -> String {
        var text = ""
        text.reserveCapacity(posts.count * 64)
        for (index, post) in posts.enumerated() {
            if index > 0 { text += "\n" }
            append(post, to: &text)
        }
        return text
    }

    /// Appends the feed line of `post` to `text`: a few appends of constant pieces and the post's
    /// own fields, so a page of millions of posts costs little more than its bytes.
    private static func append(_ post: JSONValue, to text: inout String) {
        text += "#"
        text += post["postId"]?.intValue.map(String.init) ?? "?"
        text += "  "
        text += field(post["title"]) ?? ""
        text += localized(" · by ", ko: " · 작성자 ")
        text += field(post["author"]?["nickname"]) ?? localized("(gone)", ko: "(탈퇴)")
        if let price = post["price"]?.intValue {
            text += localized(" · price ", ko: " · 가격 ")
            text += String(price)
        }
        // `counts(_:)`, appended in place.
        let counts = post["voteCounts"]
        text += localized(" · agree ", ko: " · 찬성 ")
        text += String(counts?["agreeCount"]?.intValue ?? 0)
        text += localized(" / disagree ", ko: " / 반대 ")
        text += String(counts?["disagreeCount"]?.intValue ?? 0)
        if let status = field(post["postStatus"]) {
            text += " · "
            text += status
        }
        if let choice = post["myChoice"]?.boolValue {
            text += choice ? localized(" · voted agree", ko: " · 찬성함") : localized(" · voted disagree", ko: " · 반대함")
        }
    }

    /// The detail of one post: the feed line, then its text, link, image and dates.
    package static func detail(_ post: JSONValue) -> String {
        var lines = [line(post)]
        if let contents = post["contents"]?.stringValue, !contents.isEmpty {
            lines.append(TerminalText.inert(contents, keepingLineBreaks: true))
        }
        if let url = field(post["externalURL"]), !url.isEmpty {
            lines.append(localized("link: ", ko: "링크: ") + url)
        }
        if let image = field(post["image"]) { lines.append(localized("image: ", ko: "이미지: ") + image) }
        if let created = field(post["createDate"]) {
            lines.append(localized("posted \(created) (server time)", ko: "\(created)에 올림 (서버 시각)"))
        }
        if post["isMine"]?.boolValue == true { lines.append(localized("(your post)", ko: "(내 게시글)")) }
        return lines.joined(separator: "\n")
    }

    /// A one-line text field of the post, made inert; `nil` when it is absent or not a string.
    private static func field(_ value: JSONValue?) -> String? {
        value?.stringValue.map { TerminalText.inert($0, keepingLineBreaks: false) }
    }

    /// `agree 3 / disagree 1`.
    package static func counts(_ counts: JSONValue?) -> String {
        let agree = counts?["agreeCount"]?.intValue ?? 0
        let disagree = counts?["disagreeCount"]?.intValue ?? 0
        return localized("agree \(agree) / disagree \(disagree)", ko: "찬성 \(agree) / 반대 \(disagree)")
    }
}
