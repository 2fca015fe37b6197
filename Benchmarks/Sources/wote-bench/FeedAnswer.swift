import Foundation
import WoteKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app's own call with the network taken out: a 20-post page of the real Wote feed
/// (API-posts.md §2.1), answered at once, decoded by WoteKit (`wote.fetch`) and by hand.
enum FeedAnswer {
    /// One feed item as an app declares it.
    struct Post: Decodable, Sendable {
        struct Author: Decodable, Sendable {
            var id: Int64
            var nickname: String
            var profileImage: String?
            var consumerType: String?
        }

        struct VoteCounts: Decodable, Sendable {
            var agreeCount: Int
            var disagreeCount: Int
        }

        var postId: Int64
        var createDate: String
        var modifiedDate: String
        var visibilityScope: String
        var postStatus: String
        var author: Author
        var title: String
        var contents: String?
        var image: String?
        var externalURL: String?
        var voteCount: Int
        var commentCount: Int
        var price: Int?
        var voteCounts: VoteCounts
        var myChoice: Bool?
    }

    /// The body the server sends for a page of 20 posts, every optional field present.
    static let body: Data = {
        let posts = (0..<20).map { index in
            """
            {"postId":\(1024 - index),"createDate":"2023-11-27T21:14:03.512204","modifiedDate":"2023-11-27T22:01:40.08",\
            "visibilityScope":"GLOBAL","postStatus":"ACTIVE","author":{"id":\(311 + index),"nickname":"wote\(index)",\
            "profileImage":"https://www.wote.social/images/profiles/\(index).jpg","consumerType":"FLEXER"},\
            "title":"에어팟 맥스 살까? \(index)","contents":"노이즈 캔슬링이 좋다던데","image":"https://www.wote.social/images/posts/4c1e.jpg",\
            "externalURL":"https://example.com/item/\(index)","voteCount":4,"commentCount":2,"price":769000,\
            "voteCounts":{"agreeCount":3,"disagreeCount":1},"myChoice":true}
            """
        }
        return Data((#"{"status":200,"message":"success","data":["# + posts.joined(separator: ",") + "]}").utf8)
    }()

    /// A transport that answers every request at once with ``body``.
    static let transport = HTTPTransport { request in
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json", "Content-Length": "\(body.count)"])!
        return (body, response)
    }

    /// The request an app sends through WoteKit.
    static let request = APIRequest.get("/api/posts", query: ["page": "0", "size": "20", "visibilityScope": "GLOBAL"])

    /// The same request written by hand with `URLRequest` and `JSONDecoder`; `true` when 20 posts came back.
    static func handWritten(server: URL, accessToken: String) -> @Sendable () async -> Bool {
        let authorization = "Bearer \(accessToken)"
        return {
            var components = URLComponents(
                url: server.appendingPathComponent("api/posts"), resolvingAgainstBaseURL: false)!
            components.queryItems = [
                URLQueryItem(name: "page", value: "0"), URLQueryItem(name: "size", value: "20"),
                URLQueryItem(name: "visibilityScope", value: "GLOBAL"),
            ]
            var request = URLRequest(url: components.url!)
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.timeoutInterval = 30
            guard let (data, response) = try? await transport.send(request),
                (response as? HTTPURLResponse)?.statusCode == 200,
                let envelope = try? JSONDecoder().decode(Envelope.self, from: data)
            else { return false }
            return envelope.status == 200 && envelope.divisionCode == nil && envelope.data?.count == 20
        }
    }

    private struct Envelope: Decodable {
        var status: Int
        var divisionCode: String?
        var message: String?
        var data: [Post]?
    }
}
