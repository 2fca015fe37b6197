import Hummingbird
import HummingbirdTesting
import Testing

@testable import WoteServerCore

@Suite struct CommentTests {
    @Test func comments_areThreadedOneLevelDeep_oldestFirst_andCountedOnThePost() async throws {
        try await TestServer.run(clock: ServerClock { 1_700_000_000_000 }) { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.signedInMember("bob", nickname: "밥밥").access
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")
            try await client.advanceClock(seconds: 1)

            let first = try await client.send(
                .post, "/api/comments", json: #"{"postId":\#(id),"contents":"사지 마세요"}"#, token: bob)
            #expect(first.text == #"{"message":"create success","status":200}"#)
            _ = try await client.send(
                .post, "/api/comments", json: #"{"postId":\#(id),"contents":"second"}"#, token: amy)
            let list = try await client.send(.get, "/api/comments?postId=\(id)", token: amy)
            let threads = try #require(list.value("data") as? [[String: Any]])
            #expect(threads.compactMap { $0["content"] as? String } == ["사지 마세요", "second"])
            let firstID = try #require(threads.first?["commentId"] as? Int)
            try await client.advanceClock(seconds: 1)
            let reply = try await client.send(
                .post, "/api/comments/\(firstID)", json: #"{"contents":"왜요?"}"#, token: amy)
            #expect(reply.int("status") == 200)
            let replies = try await client.send(.get, "/api/comments?postId=\(id)", token: bob)
            let thread = try #require((replies.value("data") as? [[String: Any]])?.first)
            #expect(thread["isMine"] as? Bool == true)
            #expect(thread["createDate"] as? String == "2023-11-15T07:13:21")
            #expect(field(thread, "author.nickname") as? String == "밥밥")
            #expect(field(thread, "author.isBlocked") as? Bool == false)
            #expect(field(thread, "author.isBaned") as? Bool == false)
            let subComments = try #require(thread["subComments"] as? [[String: Any]])
            #expect(subComments.count == 1)
            #expect(subComments.first?["content"] as? String == "왜요?")
            #expect(subComments.first?["isMine"] as? Bool == false)
            #expect((replies.value("data") as? [[String: Any]])?.last?["subComments"] == nil)

            let item = try #require(try await client.feed(amy).first)
            #expect(item["commentCount"] as? Int == 3)
            #expect(item["modifiedDate"] as? String == "2023-11-15T07:13:22")
            let detail = try await client.send(.get, "/api/posts/\(id)", token: bob)
            #expect(detail.int("data.commentCount") == 3)
            #expect(detail.string("data.commentPreview") == "왜요?")
            #expect(!detail.has("data.commentPreviewImage"))
        }
    }

    @Test func comments_errors() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")
            #expect(
                try await client.send(.get, "/api/comments?postId=999", token: amy).text
                    == #"{"data":[],"message":"success","status":200}"#)
            let missing = try await client.send(.get, "/api/comments", token: amy)
            #expect(missing.httpStatus == 400)
            #expect(missing.string("divisionCode") == "G004")
            #expect(try await client.send(.get, "/api/comments?postId=x", token: amy).string("divisionCode") == "G999")
            let unknownPost = try await client.send(
                .post, "/api/comments", json: #"{"postId":999,"contents":"a"}"#, token: amy)
            #expect(unknownPost.httpStatus == 404)
            #expect(unknownPost.string("divisionCode") == "E002")
            let unknownComment = try await client.send(
                .post, "/api/comments/999", json: #"{"contents":"a"}"#, token: amy)
            #expect(unknownComment.httpStatus == 404)
            #expect(unknownComment.string("divisionCode") == "E003")
            let long = String(repeating: "가", count: 256)
            let tooLong = try await client.send(
                .post, "/api/comments", json: #"{"postId":\#(id),"contents":"\#(long)"}"#, token: amy)
            #expect(tooLong.httpStatus == 200)
            #expect(tooLong.string("divisionCode") == "G999")
            let noBody = try await client.send(.post, "/api/comments", token: amy)
            #expect(noBody.httpStatus == 400)
            #expect(noBody.string("divisionCode") == "G002")
        }
    }

    @Test func comments_ofBannedWritersAreEmpty_ofWithdrawnOnesAuthorless_andGoWithTheirPost() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.signedInMember("bob", nickname: "밥밥").access
            let cat = try await client.signedInMember("cat", nickname: "캣캣").access
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")
            _ = try await client.send(.post, "/api/comments", json: #"{"postId":\#(id),"contents":"bob"}"#, token: bob)
            _ = try await client.send(.post, "/api/comments", json: #"{"postId":\#(id),"contents":"cat"}"#, token: cat)
            _ = try await client.send(.post, "/__test/ban", json: #"{"nickname":"밥밥"}"#)
            _ = try await client.send(.delete, "/api/members", token: cat)

            let threads = try #require(
                try await client.send(.get, "/api/comments?postId=\(id)", token: amy).value("data") as? [[String: Any]])
            #expect(threads.count == 2)
            #expect(threads.first?["content"] as? String == "")
            #expect(field(threads[0], "author.isBaned") as? Bool == true)
            #expect(threads.last?["content"] as? String == "cat")
            #expect(threads.last?["author"] == nil)

            #expect(try await client.send(.delete, "/api/posts/\(id)", token: amy).int("status") == 200)
            #expect(
                try await client.send(.get, "/api/comments?postId=\(id)", token: amy).value("data") as? [Any] != nil)
            #expect(
                (try await client.send(.get, "/api/comments?postId=\(id)", token: amy).value("data") as? [Any])?.isEmpty
                    == true)
        }
    }
}
