import Hummingbird
import HummingbirdTesting
import Testing

@testable import WoteServerCore

@Suite struct PostActionTests {
    @Test func detail_addsIsMineIsNotifiedAndVoteInfoList() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미", consumerType: "FLEXER")
            let bob = try await client.poster("bob", nickname: "밥밥", consumerType: "RISK_AVERSE")
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")
            _ = try await client.vote(bob, postID: id, json: #"{"myChoice":false}"#)

            let mine = try await client.send(.get, "/api/posts/\(id)", token: amy)
            #expect(mine.httpStatus == 200)
            #expect(mine.int("data.post.postId") == id)
            #expect(mine.bool("data.post.isMine") == true)
            #expect(mine.bool("data.post.isNotified") == false)
            #expect(mine.int("data.commentCount") == 0)
            #expect(!mine.has("data.commentPreview") && !mine.has("data.commentPreviewImage"))
            #expect(!mine.has("data.post.hasReview"))
            #expect(!mine.has("data.post.myChoice"))
            let votes = try #require(mine.value("data.post.voteInfoList") as? [[String: Any]])
            #expect(votes.count == 1)
            #expect(votes.first?["isAgree"] as? Bool == false)
            #expect(votes.first?["consumerType"] as? String == "RISK_AVERSE")

            let theirs = try await client.send(.get, "/api/posts/\(id)", token: bob)
            #expect(theirs.bool("data.post.isMine") == false)
            #expect(theirs.bool("data.post.myChoice") == false)
            #expect((theirs.value("data.post.voteInfoList") as? [Any])?.count == 1)
        }
    }

    @Test func detail_ofAnUnknownPost_answersE002On404_andANonNumericID_G999OnHTTP200() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let unknown = try await client.send(.get, "/api/posts/999", token: token)
            #expect(unknown.httpStatus == 404)
            #expect(unknown.int("status") == 404)
            #expect(unknown.string("divisionCode") == "E002")
            let text = try await client.send(.get, "/api/posts/abc", token: token)
            #expect(text.httpStatus == 200)
            #expect(text.int("status") == 500)
            #expect(text.string("divisionCode") == "G999")
        }
    }

    @Test func dates_areKoreanLocalTimes_andModifiedDateMovesWithAVote() async throws {
        // 2023-11-14T22:13:20.120Z is 07:13:20.12 in Korea.
        try await TestServer.run(clock: ServerClock { 1_700_000_000_120 }) { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.poster("bob", nickname: "밥밥")
            try await client.post(amy, title: "살까?")
            let created = try #require(try await client.feed(amy).first)
            #expect(created["createDate"] as? String == "2023-11-15T07:13:20.12")
            #expect(created["modifiedDate"] as? String == "2023-11-15T07:13:20.12")

            try await client.advanceClock(seconds: 60.88)
            let id = try await client.postID(amy, title: "살까?")
            _ = try await client.vote(bob, postID: id)
            let voted = try #require(try await client.feed(amy).first)
            #expect(voted["createDate"] as? String == "2023-11-15T07:13:20.12")
            #expect(voted["modifiedDate"] as? String == "2023-11-15T07:14:21")
        }
    }

    @Test func vote_returnsTheCounts_andAMissingChoiceIsDisagree() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.poster("bob", nickname: "밥밥")
            let cat = try await client.poster("cat", nickname: "캣캣")
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")

            let agree = try await client.vote(bob, postID: id, json: #"{"myChoice":true}"#)
            #expect(agree.httpStatus == 200)
            #expect(agree.text == #"{"data":{"agreeCount":1,"disagreeCount":0},"message":"success","status":200}"#)
            let missing = try await client.vote(cat, postID: id, json: "{}")
            #expect(missing.int("data.agreeCount") == 1)
            #expect(missing.int("data.disagreeCount") == 1)
            #expect(try await client.feed(cat).first?["myChoice"] as? Bool == false)
        }
    }

    @Test func vote_twice_answersE015On409() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")
            #expect(try await client.vote(amy, postID: id).int("status") == 200)
            let again = try await client.vote(amy, postID: id, json: #"{"myChoice":false}"#)
            #expect(again.httpStatus == 409)
            #expect(again.int("status") == 409)
            #expect(again.string("divisionCode") == "E015")
            #expect(try await client.send(.get, "/api/posts/\(id)", token: amy).bool("data.post.myChoice") == true)
        }
    }

    @Test func vote_checksBodyThenConsumerTypeThenPostThenDuplicate() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let noType = try await client.signedInMember("bob", nickname: "밥밥").access
            let missingBody = try await client.vote(noType, postID: 999, json: nil)
            #expect(missingBody.httpStatus == 400)
            #expect(missingBody.string("divisionCode") == "G002")
            #expect(try await client.vote(amy, postID: 999, json: "[true]").string("divisionCode") == "G002")
            let typeFirst = try await client.vote(noType, postID: 999)
            #expect(typeFirst.httpStatus == 400)
            #expect(typeFirst.string("divisionCode") == "E019")
            let unknown = try await client.vote(amy, postID: 999)
            #expect(unknown.httpStatus == 404)
            #expect(unknown.string("divisionCode") == "E002")
        }
    }

    @Test func vote_isNotRefused_onClosedOwnOrOtherSchoolPosts() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미", region: "서울")
            let cat = try await client.poster("cat", nickname: "캣캣", region: "부산")
            try await client.post(amy, title: "school", scope: "SCHOOL")
            let id = try await client.postID(amy, title: "school", scope: "SCHOOL")
            #expect(try await client.send(.post, "/api/posts/\(id)/complete", token: amy).int("status") == 200)
            #expect(try await client.vote(amy, postID: id).int("data.agreeCount") == 1)
            #expect(try await client.vote(cat, postID: id).int("data.agreeCount") == 2)
        }
    }

    @Test func complete_byTheAuthor_closesThePost_evenTwice() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.poster("bob", nickname: "밥밥")
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")

            let stranger = try await client.send(.post, "/api/posts/\(id)/complete", token: bob)
            #expect(stranger.httpStatus == 403)
            #expect(stranger.int("status") == 403)
            #expect(stranger.string("divisionCode") == "G010")
            let unknown = try await client.send(.post, "/api/posts/999/complete", token: amy)
            #expect(unknown.httpStatus == 404)
            #expect(unknown.string("divisionCode") == "E002")
            #expect(
                try await client.send(.get, "/api/posts/\(id)", token: amy).string("data.post.postStatus") == "ACTIVE")

            let closed = try await client.send(.post, "/api/posts/\(id)/complete", token: amy)
            #expect(closed.text == #"{"message":"success","status":200}"#)
            let detail = try await client.send(.get, "/api/posts/\(id)", token: bob)
            #expect(detail.string("data.post.postStatus") == "CLOSED")
            #expect(detail.bool("data.post.hasReview") == false)
            #expect(try await client.send(.post, "/api/posts/\(id)/complete", token: amy).int("status") == 200)
            #expect(try await client.feed(bob).first?["postStatus"] as? String == "CLOSED")
        }
    }

    @Test func post_closesItself24HoursAfterCreation_onTheServerClock() async throws {
        let longAccessTokens: (inout ServerOptions) -> Void = { $0.accessTTLMilliseconds = 30 * 86_400_000 }
        // A fixed clock, so that the post is exactly 24 h old after the advances.
        try await TestServer.run(longAccessTokens, clock: ServerClock { 1_700_000_000_000 }) { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")
            try await client.advanceClock(seconds: 86_400 - 1)
            #expect(
                try await client.send(.get, "/api/posts/\(id)", token: amy).string("data.post.postStatus") == "ACTIVE")
            #expect(try await client.feed(amy).first?["postStatus"] as? String == "ACTIVE")
            try await client.advanceClock(seconds: 1)
            #expect(try await client.feed(amy).first?["postStatus"] as? String == "CLOSED")
            let detail = try await client.send(.get, "/api/posts/\(id)", token: amy)
            #expect(detail.string("data.post.postStatus") == "CLOSED")
            #expect(detail.string("data.post.createDate") == "2023-11-15T07:13:20")
            #expect(detail.string("data.post.modifiedDate") == "2023-11-16T07:13:20")
        }
    }

    @Test func delete_byTheAuthorOnly_thenThePostIsUnknown() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.poster("bob", nickname: "밥밥")
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")
            _ = try await client.vote(bob, postID: id)

            let stranger = try await client.send(.delete, "/api/posts/\(id)", token: bob)
            #expect(stranger.httpStatus == 403)
            #expect(stranger.string("divisionCode") == "G010")
            let deleted = try await client.send(.delete, "/api/posts/\(id)", token: amy)
            #expect(deleted.text == #"{"message":"success","status":200}"#)
            let again = try await client.send(.delete, "/api/posts/\(id)", token: amy)
            #expect(again.httpStatus == 404)
            #expect(again.string("divisionCode") == "E002")
            #expect(try await client.send(.get, "/api/posts/\(id)", token: bob).string("divisionCode") == "E002")
            #expect(try await client.feed(bob).isEmpty)
        }
    }

    @Test func withdrawal_takesTheMembersPostsAlong() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.poster("bob", nickname: "밥밥")
            try await client.post(amy, title: "살까?")
            #expect(try await client.feed(bob).count == 1)
            #expect(try await client.send(.delete, "/api/members", token: amy).int("status") == 200)
            #expect(try await client.feed(bob).isEmpty)
        }
    }
}
