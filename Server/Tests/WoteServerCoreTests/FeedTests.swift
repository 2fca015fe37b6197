import Hummingbird
import HummingbirdTesting
import Testing

@testable import WoteServerCore

@Suite struct FeedTests {
    @Test func feed_withoutVisibilityScope_answersG004On400() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            for path in ["/api/posts", "/api/posts?page=0&size=10", "/api/posts?visibilityScope="] {
                let answer = try await client.send(.get, path, token: token)
                #expect(answer.httpStatus == 400, "\(path)")
                #expect(answer.int("status") == 400, "\(path)")
                #expect(answer.string("divisionCode") == "G004", "\(path)")
            }
        }
    }

    @Test(arguments: [
        "visibilityScope=EVERYONE",
        "visibilityScope=global",
        "visibilityScope=GLOBAL&page=first",
        "visibilityScope=GLOBAL&size=1.5",
        "visibilityScope=GLOBAL&size=2147483648",
    ])
    func feed_withAWronglyTypedParameter_answersG999OnHTTP200(query: String) async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let answer = try await client.send(.get, "/api/posts?\(query)", token: token)
            #expect(answer.httpStatus == 200)
            #expect(answer.int("status") == 500)
            #expect(answer.string("divisionCode") == "G999")
        }
    }

    @Test(arguments: ["page=-1&size=10", "page=0&size=0", "page=0&size=-3"])
    func feed_withABadPageOrSize_answersE008On400(query: String) async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            let answer = try await client.send(.get, "/api/posts?visibilityScope=GLOBAL&\(query)", token: token)
            #expect(answer.httpStatus == 400)
            #expect(answer.int("status") == 400)
            #expect(answer.string("divisionCode") == "E008")
        }
    }

    @Test func feed_isABareArray_newestFirst_pagedByOffset() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            for title in ["one", "two", "three"] {
                try await client.post(token, title: title)
                try await client.advanceClock(seconds: 1)
            }
            let empty = try await client.send(.get, "/api/posts?visibilityScope=SCHOOL", token: token)
            #expect(empty.text == #"{"data":[],"message":"success","status":200}"#)

            let titles = { (items: [[String: Any]]) in items.compactMap { $0["title"] as? String } }
            #expect(titles(try await client.feed(token)) == ["three", "two", "one"])
            #expect(titles(try await client.feed(token, page: 0, size: 2)) == ["three", "two"])
            #expect(titles(try await client.feed(token, page: 1, size: 2)) == ["one"])
            #expect(titles(try await client.feed(token, page: 2, size: 2)) == [])
            #expect(titles(try await client.feed(token, page: 2_000_000_000, size: 2_000_000_000)) == [])
            let defaults = try await client.send(.get, "/api/posts?visibilityScope=GLOBAL", token: token)
            #expect((defaults.value("data") as? [Any])?.count == 3)
        }
    }

    @Test func feed_showsOnlyPostsOfTheAskedScope() async throws {
        try await TestServer.run { client in
            let token = try await client.poster("amy", nickname: "에이미")
            try await client.post(token, title: "global", scope: "GLOBAL")
            try await client.post(token, title: "school", scope: "SCHOOL")
            try await client.post(token, title: "all", scope: "ALL")
            let titles = { (scope: String) in
                try await client.feed(token, scope: scope).compactMap { $0["title"] as? String }
            }
            #expect(try await titles("GLOBAL") == ["global"])
            #expect(try await titles("SCHOOL") == ["school"])
            #expect(try await titles("ALL") == ["all"])
        }
    }

    @Test func schoolFeed_showsOnlyAuthorsOfMySchool_nameAndRegion() async throws {
        try await TestServer.run { client in
            let seoul = try await client.poster("amy", nickname: "에이미", region: "서울")
            let seoulToo = try await client.poster("bob", nickname: "밥밥", region: "서울")
            let busan = try await client.poster("cat", nickname: "캣캣", region: "부산")
            try await client.post(seoul, title: "amy's", scope: "SCHOOL")
            try await client.post(busan, title: "cat's", scope: "SCHOOL")
            try await client.post(busan, title: "cat's global", scope: "GLOBAL")

            let titles = { (token: String) in
                try await client.feed(token, scope: "SCHOOL").compactMap { $0["title"] as? String }
            }
            #expect(try await titles(seoulToo) == ["amy's"])
            #expect(try await titles(busan) == ["cat's"])
            #expect(try await client.feed(seoulToo).count == 1)
        }
    }

    @Test func feed_leavesOutBannedAuthors() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.poster("bob", nickname: "밥밥")
            try await client.post(bob, title: "bob's")
            try await client.post(amy, title: "amy's")
            #expect(try await client.feed(amy).count == 2)
            let ban = try await client.send(.post, "/__test/ban", json: #"{"nickname":"밥밥"}"#)
            #expect(ban.httpStatus == 200)
            #expect(try await client.feed(amy).compactMap { $0["title"] as? String } == ["amy's"])
            let banned = try await client.send(.get, "/api/posts?visibilityScope=GLOBAL", token: bob)
            #expect(banned.httpStatus == 403)
            #expect(banned.string("divisionCode") == "E018")
        }
    }

    @Test func myChoice_showsMyOwnVoteOnly() async throws {
        try await TestServer.run { client in
            let amy = try await client.poster("amy", nickname: "에이미")
            let bob = try await client.poster("bob", nickname: "밥밥")
            let cat = try await client.poster("cat", nickname: "캣캣")
            try await client.post(amy, title: "살까?")
            let id = try await client.postID(amy, title: "살까?")
            #expect(try await client.vote(bob, postID: id, json: #"{"myChoice":true}"#).int("status") == 200)
            #expect(try await client.vote(cat, postID: id, json: #"{"myChoice":false}"#).int("status") == 200)
            #expect(try await client.feed(bob).first?["myChoice"] as? Bool == true)
            #expect(try await client.feed(cat).first?["myChoice"] as? Bool == false)
            let mine = try #require(try await client.feed(amy).first)
            #expect(mine["myChoice"] == nil)
            #expect(mine["voteCount"] as? Int == 2)
            #expect(field(mine, "voteCounts.agreeCount") as? Int == 1)
            #expect(field(mine, "voteCounts.disagreeCount") as? Int == 1)
        }
    }

    @Test func feed_isGated_byTheBearerToken_andTheProfile() async throws {
        try await TestServer.run { client in
            let none = try await client.send(.get, "/api/posts?visibilityScope=GLOBAL")
            #expect(none.httpStatus == 401)
            #expect(none.string("divisionCode") == "E005")
            let login = try await client.login("apple:new")
            let token = try #require(login.string("data.jwtToken.accessToken"))
            for (method, path) in [
                (HTTPRequest.Method.get, "/api/posts?visibilityScope=GLOBAL"), (.get, "/api/posts/1"),
                (.post, "/api/posts"), (.post, "/api/posts/1/votes"), (.post, "/api/posts/1/complete"),
                (.delete, "/api/posts/1"), (.get, "/api/comments?postId=1"), (.post, "/api/comments"),
                (.post, "/api/comments/1"),
            ] {
                let answer = try await client.send(method, path, token: token)
                #expect(answer.httpStatus == 400, "\(path)")
                #expect(answer.string("divisionCode") == "E009", "\(path)")
            }
            let counters = try await client.send(.get, "/__test/counters")
            #expect(counters.int("requests.GET /api/posts 401") == 1)
        }
    }
}
