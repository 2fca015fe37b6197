import Hummingbird
import HummingbirdTesting

@testable import WoteServerCore

extension TestClientProtocol {
    /// A member with a completed profile and a consumer type (needed to post and vote); returns its
    /// access token.
    func poster(_ name: String, nickname: String, region: String = "서울", consumerType: String = "FLEXER") async throws
        -> String
    {
        let tokens = try await signedInMember(name, nickname: nickname, region: region)
        let set = try await send(
            .put, "/api/profiles/consumerType", json: #"{"consumerType":"\#(consumerType)"}"#, token: tokens.access)
        guard set.int("status") == 200 else { throw SetUpFailed(answer: set.text) }
        return tokens.access
    }

    /// `POST /api/posts` with a `postRequest` part (left out when `json` is `nil`) and optional extra parts.
    func createPost(
        token: String,
        json: String?,
        partType: String? = "application/json",
        extraParts: [MultipartBody.Part] = []
    ) async throws -> Answer {
        var parts: [MultipartBody.Part] = []
        if let json {
            parts.append(MultipartBody.Part(name: "postRequest", contentType: partType, body: Array(json.utf8)))
        }
        parts += extraParts
        let boundary = "WotePostBoundary9f3K"
        return try await send(
            .post,
            "/api/posts",
            token: token,
            headers: [.contentType: "multipart/form-data; boundary=\(boundary)"],
            body: MultipartBody.encode(parts, boundary: boundary)
        )
    }

    /// Creates a post that must succeed.
    func post(_ token: String, title: String, scope: String = "GLOBAL") async throws {
        let answer = try await createPost(token: token, json: #"{"visibilityScope":"\#(scope)","title":"\#(title)"}"#)
        guard answer.int("status") == 200 else { throw SetUpFailed(answer: answer.text) }
    }

    /// The feed's items; throws when the answer is not a success.
    func feed(_ token: String, scope: String = "GLOBAL", page: Int = 0, size: Int = 10) async throws -> [[String: Any]]
    {
        let answer = try await send(.get, "/api/posts?page=\(page)&size=\(size)&visibilityScope=\(scope)", token: token)
        guard answer.int("status") == 200, let items = answer.value("data") as? [[String: Any]] else {
            throw SetUpFailed(answer: answer.text)
        }
        return items
    }

    /// The id of the newest post with this title in the GLOBAL (or given) feed.
    func postID(_ token: String, title: String, scope: String = "GLOBAL") async throws -> Int {
        let items = try await feed(token, scope: scope, size: 100)
        guard let id = items.first(where: { $0["title"] as? String == title })?["postId"] as? Int else {
            throw SetUpFailed(answer: "no post titled \(title)")
        }
        return id
    }

    func vote(_ token: String, postID: Int, json: String? = #"{"myChoice":true}"#) async throws -> Answer {
        if let json {
            return try await send(.post, "/api/posts/\(postID)/votes", json: json, token: token)
        }
        return try await send(.post, "/api/posts/\(postID)/votes", token: token)
    }

    /// Moves the server clock forward.
    func advanceClock(seconds: Double) async throws {
        _ = try await send(.post, "/__test/clock", json: #"{"advanceSeconds":\#(seconds)}"#)
    }
}

/// The value at a dotted path such as "author.nickname" inside a decoded JSON object.
func field(_ object: [String: Any], _ path: String) -> Any? {
    var current: Any = object
    for key in path.split(separator: ".") {
        guard let dictionary = current as? [String: Any], let next = dictionary[String(key)] else { return nil }
        current = next
    }
    return current
}
