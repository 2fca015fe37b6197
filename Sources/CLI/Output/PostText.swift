/// How a post reads for people: one line in the feed, a few lines on its own.
enum PostText {
    /// `#12  Buy AirPods Max?  by 투표왕 · 769000 · agree 3 / disagree 1 · ACTIVE · voted agree`.
    static func line(_ post: JSONValue) -> String {
        var parts = ["#\(post["postId"]?.intValue.map(String.init) ?? "?")  \(post["title"]?.stringValue ?? "")"]
        parts.append("by \(post["author"]?["nickname"]?.stringValue ?? "(gone)")")
        if let price = post["price"]?.intValue { parts.append("price \(price)") }
        parts.append(counts(post["voteCounts"]))
        if let status = post["postStatus"]?.stringValue { parts.append(status) }
        if let choice = post["myChoice"]?.boolValue { parts.append(choice ? "voted agree" : "voted disagree") }
        return parts.joined(separator: " · ")
    }

    /// The detail of one post: the feed line, then its text, link, image and dates.
    static func detail(_ post: JSONValue) -> String {
        var lines = [line(post)]
        if let contents = post["contents"]?.stringValue, !contents.isEmpty { lines.append(contents) }
        if let url = post["externalURL"]?.stringValue, !url.isEmpty { lines.append("link: \(url)") }
        if let image = post["image"]?.stringValue { lines.append("image: \(image)") }
        if let created = post["createDate"]?.stringValue { lines.append("posted \(created) (server time)") }
        if post["isMine"]?.boolValue == true { lines.append("(your post)") }
        return lines.joined(separator: "\n")
    }

    /// `agree 3 / disagree 1`.
    static func counts(_ counts: JSONValue?) -> String {
        let agree = counts?["agreeCount"]?.intValue ?? 0
        let disagree = counts?["disagreeCount"]?.intValue ?? 0
        return "agree \(agree) / disagree \(disagree)"
    }
}
