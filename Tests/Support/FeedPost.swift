/// A post as an app's own type decodes it from the feed (`GET /api/posts`) and a post's detail:
/// the test stand-in for the models an app writes for calls the SDK does not wrap.
public struct FeedPost: Decodable, Sendable, Equatable {
    /// The author as the feed shows them.
    public struct Author: Decodable, Sendable, Equatable {
        /// The author's nickname.
        public var nickname: String
    }

    /// The post's id; ids go past 2^53, so they are read as 64-bit integers.
    public var postId: Int64
    /// The title.
    public var title: String
    /// `ACTIVE` or `CLOSED`, where the answer carries it.
    public var postStatus: String?
    /// The author, where the answer carries them.
    public var author: Author?
    /// The votes so far.
    public var voteCounts: VoteCounts
    /// The signed-in member's vote, if any.
    public var myChoice: Bool?

    /// Creates a post, for comparing with what was decoded.
    public init(
        postId: Int64, title: String, voteCounts: VoteCounts, myChoice: Bool? = nil, postStatus: String? = nil,
        author: Author? = nil
    ) {
        self.postId = postId
        self.title = title
        self.voteCounts = voteCounts
        self.myChoice = myChoice
        self.postStatus = postStatus
        self.author = author
    }
}

/// A post's votes, as the feed and a vote's answer carry them.
public struct VoteCounts: Decodable, Sendable, Equatable {
    /// Votes for.
    public var agreeCount: Int
    /// Votes against.
    public var disagreeCount: Int

    /// Creates the counts.
    public init(agreeCount: Int, disagreeCount: Int) {
        self.agreeCount = agreeCount
        self.disagreeCount = disagreeCount
    }
}
