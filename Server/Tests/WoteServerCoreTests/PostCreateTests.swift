import Hummingbird
import HummingbirdTesting
import Testing

@testable import WoteServerCore

@Suite struct PostCreateTests {
    static let validRequest = #"{"visibilityScope":"GLOBAL","title":"에어팟 맥스 살까?"}"#

    @Test func create_withoutAConsumerType_answersE019On400() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("amy", nickname: "에이미")
            let answer = try await client.createPost(token: tokens.access, json: Self.validRequest)
            #expect(answer.httpStatus == 400)
            #expect(answer.int("status") == 400)
            #expect(answer.string("divisionCode") == "E019")
            #expect(answer.string("message") == "Consumer Type Not Found Exception")
            let poster = try await client.poster("bob", nickname: "밥밥")
            #expect(try await client.feed(poster).isEmpty)
        }
    }

    @Test func create_succeeds_withoutReturningTheNewID() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미", consumerType: "ECO_WARRIOR")
            let answer = try await client.createPost(
                token: token,
                json:
                    #"{"visibilityScope":"GLOBAL","title":"살까?","contents":"","price":35000,"externalURL":"https://e.x/a"}"#
            )
            #expect(answer.httpStatus == 200)
            #expect(answer.text == #"{"message":"success","status":200}"#)
            #expect(!answer.has("data"))

            let item = try #require(try await client.feed(token).first)
            #expect(item["title"] as? String == "살까?")
            #expect(item["contents"] as? String == "")
            #expect(item["price"] as? Int == 35000)
            #expect(item["externalURL"] as? String == "https://e.x/a")
            #expect(item["visibilityScope"] as? String == "GLOBAL")
            #expect(item["postStatus"] as? String == "ACTIVE")
            #expect(item["voteCount"] as? Int == 0)
            #expect(item["commentCount"] as? Int == 0)
            #expect(field(item, "voteCounts.agreeCount") as? Int == 0)
            #expect(field(item, "voteCounts.disagreeCount") as? Int == 0)
            let author = try #require(item["author"] as? [String: Any])
            #expect(author["nickname"] as? String == "에이미")
            #expect(author["consumerType"] as? String == "ECO_WARRIOR")
            #expect(author["id"] is Int)
            #expect(author["profileImage"] == nil)
            for absent in [
                "image", "myChoice", "isMine", "isNotified", "voteInfoList", "hasReview", "voteResult", "isPurchased",
            ] {
                #expect(item[absent] == nil, "\(absent) must be left out")
            }
        }
    }

    @Test func create_leavesOutFieldsThatWereNotSent() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            try await client.post(token, title: "제목만")
            let item = try #require(try await client.feed(token).first)
            for absent in ["contents", "price", "externalURL", "image"] {
                #expect(item[absent] == nil, "\(absent) must be left out")
            }
        }
    }

    @Test func create_withAnImage_servesItOnTheFixedHost() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let image = MultipartBody.Part(
                name: "imageFile", filename: "Max.PNG", contentType: "image/png", body: [1, 2, 3])
            let answer = try await client.createPost(token: token, json: Self.validRequest, extraParts: [image])
            #expect(answer.int("status") == 200)
            let url = try #require(try await client.feed(token).first?["image"] as? String)
            let prefix = "https://www.wote.social/images/posts/"
            #expect(url.hasPrefix(prefix))
            #expect(url.hasSuffix(".png"))
            let served = try await client.send(.get, "/images/posts/" + url.dropFirst(prefix.count))
            #expect(served.httpStatus == 200)
            #expect(served.body == [1, 2, 3])
        }
    }

    @Test func create_withAnImagePartWithoutContentType_answersG012OnHTTP200() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let image = MultipartBody.Part(name: "imageFile", filename: "a.jpg", contentType: nil, body: [1])
            let answer = try await client.createPost(token: token, json: Self.validRequest, extraParts: [image])
            #expect(answer.httpStatus == 200)
            #expect(answer.int("status") == 404)
            #expect(answer.string("divisionCode") == "G012")
            #expect(try await client.feed(token).isEmpty)
        }
    }

    @Test func create_ignoresAnImagePartWithoutAFileName() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let image = MultipartBody.Part(name: "imageFile", filename: nil, contentType: "text/plain", body: [1])
            let answer = try await client.createPost(token: token, json: Self.validRequest, extraParts: [image])
            #expect(answer.int("status") == 200)
            let item = try #require(try await client.feed(token).first)
            #expect(item["image"] == nil)
        }
    }

    @Test(arguments: [
        ("text/plain", "a.jpg"),
        ("image/jpeg", "noextension"),
    ])
    func create_withAnUnusableImage_answersG999OnHTTP200(contentType: String, filename: String) async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let image = MultipartBody.Part(name: "imageFile", filename: filename, contentType: contentType, body: [1])
            let answer = try await client.createPost(token: token, json: Self.validRequest, extraParts: [image])
            #expect(answer.httpStatus == 200)
            #expect(answer.int("status") == 500)
            #expect(answer.string("divisionCode") == "G999")
        }
    }

    @Test func create_withAnImageOver10MB_answersG999OnHTTP200() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let bytes = [UInt8](repeating: 7, count: 10 * 1024 * 1024 + 1)
            let image = MultipartBody.Part(name: "imageFile", filename: "a.jpg", contentType: "image/jpeg", body: bytes)
            let answer = try await client.createPost(token: token, json: Self.validRequest, extraParts: [image])
            #expect(answer.httpStatus == 200)
            #expect(answer.string("divisionCode") == "G999")
        }
    }

    @Test(arguments: [
        (#"{"visibilityScope":"GLOBAL","title":"\#(String(repeating: "가", count: 256))"}"#, "title over 255"),
        (
            #"{"visibilityScope":"GLOBAL","title":"t","contents":"\#(String(repeating: "a", count: 256))"}"#,
            "contents over 255"
        ),
        (
            #"{"visibilityScope":"GLOBAL","title":"t","externalURL":"\#(String(repeating: "u", count: 1501))"}"#,
            "URL over 1500"
        ),
        (#"{"visibilityScope":"GLOBAL"}"#, "no title"),
        (#"{"title":"t"}"#, "no visibilityScope"),
    ])
    func create_breakingADatabaseRule_answersG999OnHTTP200(json: String, rule: String) async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let answer = try await client.createPost(token: token, json: json)
            #expect(answer.httpStatus == 200, "\(rule)")
            #expect(answer.int("status") == 500, "\(rule)")
            #expect(answer.string("divisionCode") == "G999", "\(rule)")
            #expect(try await client.feed(token).isEmpty, "\(rule)")
        }
    }

    @Test func create_atTheLengthLimits_succeeds() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let title = String(repeating: "가", count: 255)
            let json =
                #"{"visibilityScope":"GLOBAL","title":"\#(title)","contents":"\#(String(repeating: "b", count: 255))","externalURL":"\#(String(repeating: "u", count: 1500))"}"#
            let answer = try await client.createPost(token: token, json: json)
            #expect(answer.int("status") == 200)
            #expect(try await client.feed(token).first?["title"] as? String == title)
        }
    }

    @Test(arguments: [nil, "application/octet-stream"])
    func create_readsThePostRequestPart_withoutOrWithOctetStreamType(partType: String?) async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let answer = try await client.createPost(token: token, json: Self.validRequest, partType: partType)
            #expect(answer.int("status") == 200)
        }
    }

    @Test(arguments: [
        "", "{not json", #"{"visibilityScope":"EVERYONE","title":"t"}"#,
        #"{"visibilityScope":"GLOBAL","title":"t","price":"cheap"}"#,
    ])
    func create_withAnUnreadablePostRequest_answersG002On400(json: String) async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let answer = try await client.createPost(token: token, json: json)
            #expect(answer.httpStatus == 400)
            #expect(answer.int("status") == 400)
            #expect(answer.string("divisionCode") == "G002")
        }
    }

    @Test func create_withoutThePostRequestPart_orNotMultipart_answersG999OnHTTP200() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let image = MultipartBody.Part(name: "imageFile", filename: "a.jpg", contentType: "image/jpeg", body: [1])
            let noPart = try await client.createPost(token: token, json: nil, extraParts: [image])
            #expect(noPart.httpStatus == 200)
            #expect(noPart.string("divisionCode") == "G999")
            let json = try await client.send(.post, "/api/posts", json: Self.validRequest, token: token)
            #expect(json.httpStatus == 200)
            #expect(json.string("divisionCode") == "G999")
        }
    }

    @Test func create_checksTheBodyBeforeTheConsumerType() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("amy", nickname: "에이미")
            #expect(try await client.createPost(token: tokens.access, json: "{").string("divisionCode") == "G002")
            #expect(
                try await client.createPost(token: tokens.access, json: Self.validRequest).string("divisionCode")
                    == "E019")
        }
    }
}
