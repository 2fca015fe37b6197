import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteTestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension EndToEnd {
    /// An app's own calls (issue 11) against the reference server, over the real URLSession
    /// transport: the posts slice through `APIRequest` and the multipart builder with every
    /// division code typed, one refresh for a burst on a token the server expired, the verdicts
    /// that change the session (E009, E018), a bring-your-own login, a foreign origin refused with
    /// nothing sent, and a cancelled caller that leaves the shared refresh to the others.
    @Suite struct AppCalls {
        let hooks = TestHooks()

        struct Detail: Decodable, Sendable {
            var post: FeedPost
            var commentCount: Int
        }

        struct NewPost: Encodable {
            var visibilityScope = "GLOBAL"
            var title: String
            var price = 769_000
        }

        static let feed = APIRequest.get(
            "/api/posts", query: ["page": "0", "size": "20", "visibilityScope": "GLOBAL"])

        @Test(arguments: [false, true])
        func burstOf200FeedCalls_onATokenExpiredOnTheServer_makesOneRefresh_and200Successes(strictRotation: Bool)
            async throws
        {
            try await hooks.reset()
            let member = try await SignedInMember.make(hooks: hooks)
            // Under strict rotation a second refresh with the spent refresh token would end the session.
            try await hooks.setStrictRotation(strictRotation)
            // Only the server's clock moves: every call goes out with the old token and gets E006.
            try await hooks.advance(TestClock(), by: 31 * 60)
            let before = try await hooks.counters()

            let successes = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<200 {
                    group.addTask { (try? await member.client.fetch([FeedPost].self, Self.feed)) != nil }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }

            let after = try await hooks.counters()
            try await hooks.setStrictRotation(false)
            #expect(successes == 200)
            #expect(after.refreshCalls - before.refreshCalls == 1)
            #expect(after.refreshRejected == before.refreshRejected)
            #expect(
                (after.requests["GET /api/posts 200"] ?? 0) - (before.requests["GET /api/posts 200"] ?? 0) == 200)
            #expect(after.expiredAccessTokenRequests > before.expiredAccessTokenRequests)
            #expect(await member.client.currentSession.state == .signedIn)
        }

        @Test func postLifecycle_throughTheAppsOwnCalls_withEveryRefusalTyped() async throws {
            try await hooks.reset()
            let author = try await SignedInMember.make(hooks: hooks)
            let voter = try await SignedInMember.make(hooks: hooks)
            let newcomer = try await SignedInMember.make(hooks: hooks)
            try await author.client.setConsumerType(.flexer)
            try await voter.client.setConsumerType(.flexer)
            let title = "에어팟 맥스 살까? \(ReferenceServer.uniqueSuffix())"

            // Create (multipart through the builder); the answer has no data.
            var form = MultipartFormData()
            try form.append(name: "postRequest", json: NewPost(title: title))
            form.append(
                name: "imageFile", filename: "max.jpg", contentType: "image/jpeg",
                data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0xFF, 0xD9]))
            try await author.client.perform(.post("/api/posts", form: form))

            // Find it in the feed.
            let feed = try await voter.client.fetch([FeedPost].self, Self.feed)
            let post = try #require(feed.first { $0.title == title })
            #expect(post.author?.nickname == author.nickname)
            #expect(post.postStatus == "ACTIVE")
            #expect(post.myChoice == nil)

            // Vote, then vote again: E015.
            let counts = try await voter.client.fetch(
                VoteCounts.self, try .post("/api/posts/\(post.postId)/votes", json: ["myChoice": true]))
            #expect(counts == VoteCounts(agreeCount: 1, disagreeCount: 0))
            let again = try await woteError {
                _ = try await voter.client.fetch(
                    VoteCounts.self, try .post("/api/posts/\(post.postId)/votes", json: ["myChoice": false]))
            }
            #expect(again?.kind == .alreadyVoted)
            #expect(again?.code == "E015")
            #expect(again?.serverMessage?.isEmpty == false)

            // E019: a member without a consumer type can neither vote nor post.
            let noType = try await woteError {
                _ = try await newcomer.client.fetch(
                    VoteCounts.self, try .post("/api/posts/\(post.postId)/votes", json: ["myChoice": true]))
            }
            #expect(noType?.kind == .consumerTypeRequired)
            #expect(noType?.code == "E019")
            let noTypePost = try await woteError { try await newcomer.client.perform(.post("/api/posts", form: form)) }
            #expect(noTypePost?.kind == .consumerTypeRequired)
            #expect(await newcomer.client.currentSession.state == .signedIn)

            // G010: only the author closes or deletes.
            let notMineClose = try await woteError {
                try await voter.client.perform(.post("/api/posts/\(post.postId)/complete"))
            }
            #expect(notMineClose?.kind == .notAllowed)
            #expect(notMineClose?.code == "G010")
            let notMineDelete = try await woteError {
                try await voter.client.perform(.delete("/api/posts/\(post.postId)"))
            }
            #expect(notMineDelete?.code == "G010")

            // Close, see it closed with my vote, delete.
            try await author.client.perform(.post("/api/posts/\(post.postId)/complete"))
            let detail = try await voter.client.fetch(Detail.self, .get("/api/posts/\(post.postId)"))
            #expect(detail.post.postStatus == "CLOSED")
            #expect(detail.post.myChoice == true)
            try await author.client.perform(.delete("/api/posts/\(post.postId)"))

            // E002: the id is gone.
            let gone = try await woteError {
                _ = try await voter.client.fetch(Detail.self, .get("/api/posts/\(post.postId)"))
            }
            #expect(gone?.kind == .notFound)
            #expect(gone?.code == "E002")
            let raw = try await voter.client.response(for: .get("/api/posts/\(post.postId)"))
            #expect(raw.status == 404)
            #expect(!(try await voter.client.fetch([FeedPost].self, Self.feed)).contains { $0.postId == post.postId })

            // E008 on a bad page is the caller's mistake, not a token problem: no refresh.
            let countersBefore = try await hooks.counters()
            let badPage = try await woteError {
                _ = try await voter.client.fetch(
                    [FeedPost].self,
                    .get("/api/posts", query: ["page": "-1", "size": "20", "visibilityScope": "GLOBAL"]))
            }
            #expect(badPage?.code == "E008")
            #expect(badPage?.kind == .invalidRequest)
            #expect(try await hooks.counters().refreshCalls == countersBefore.refreshCalls)
            #expect(await voter.client.currentSession.state == .signedIn)

            // G999 on HTTP 200 (an unknown scope) is a server failure; an unreadable body is malformed.
            let badScope = try await woteError {
                _ = try await voter.client.fetch(
                    [FeedPost].self, .get("/api/posts", query: ["visibilityScope": "global"]))
            }
            #expect(badScope?.kind == .serverFailure)
            #expect(badScope?.code == "G999")
            try await hooks.inject(.init(method: "GET", path: "/api/posts", kind: "truncated"))
            let truncated = try await woteError { _ = try await voter.client.fetch([FeedPost].self, Self.feed) }
            #expect(truncated?.kind == .malformedResponse)
            #expect(try await hooks.counters().refreshCalls == countersBefore.refreshCalls)
            #expect(await voter.client.currentSession.state == .signedIn)
        }

        @Test func e009OnAnAppCall_afterABringYourOwnLogin_movesTheSessionToProfileRequired() async throws {
            try await hooks.reset()
            // The app's own login, outside WoteKit: a new member, whose profile is not completed.
            var login = URLRequest(url: ReferenceServer.url!.appendingPathComponent("login/oauth2/code/kakao"))
            login.httpMethod = "POST"
            login.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            login.httpBody = Data("code=kakao:byo-\(ReferenceServer.uniqueSuffix())&state=KAKAO".utf8)
            let (body, _) = try await URLSession(configuration: .ephemeral).data(for: login)
            struct Answer: Decodable {
                struct Payload: Decodable { var jwtToken: Pair }
                struct Pair: Decodable {
                    var accessToken: String
                    var refreshToken: String
                    var accessExpirationTime: Double
                    var refreshExpirationTime: Double
                }
                var divisionCode: String?
                var data: Payload
            }
            let answer = try JSONDecoder().decode(Answer.self, from: body)
            #expect(answer.divisionCode == "E009")
            let clock = try await hooks.clock()
            let storage = InMemoryTokenStorage()
            let client = ReferenceServer.client(storage: storage, clock: clock)
            let pair = answer.data.jwtToken
            // The app believes the profile is completed; the server knows better.
            let begun = try await client.beginSession(
                with: TokenPair(
                    accessToken: pair.accessToken, refreshToken: pair.refreshToken,
                    accessTokenExpiresAt: Date(timeIntervalSince1970: pair.accessExpirationTime / 1000),
                    refreshTokenExpiresAt: Date(timeIntervalSince1970: pair.refreshExpirationTime / 1000),
                    receivedAt: clock.now),
                profileCompleted: true, remember: true)
            #expect(begun == .signedIn)

            let error = try await woteError { _ = try await client.fetch([FeedPost].self, Self.feed) }

            #expect(error == .profileRequired)
            #expect(await client.currentSession.state == .profileRequired)
            #expect(try await storage.load()?.profileCompleted == false)
            // The token is the member's: completing the profile through WoteKit opens the feed.
            try await client.completeProfile(
                nickname: "b\(ReferenceServer.uniqueSuffix())", schoolName: "Wote High", region: .seoul, imageJPEG: nil)
            #expect(await client.currentSession.state == .signedIn)
            _ = try await client.fetch([FeedPost].self, Self.feed)
        }

        @Test func e018OnAnAppCall_endsTheSession() async throws {
            try await hooks.reset()
            let storage = ReferenceServer.temporaryStore()
            let member = try await SignedInMember.make(hooks: hooks, storage: storage)
            _ = try await member.client.fetch([FeedPost].self, Self.feed)
            try await hooks.ban(nickname: member.nickname)

            let error = try await woteError { _ = try await member.client.fetch([FeedPost].self, Self.feed) }

            #expect(error == .banned)
            #expect(error?.code == "E018")
            #expect(await member.client.currentSession.state == .signedOut(.banned))
            #expect(try await storage.load() == nil)
            let after = try await woteError { _ = try await member.client.accessToken() }
            #expect(after == .banned)
        }

        @Test func requestForAnotherOrigin_isRefused_withNothingSent() async throws {
            try await hooks.reset()
            let member = try await SignedInMember.make(hooks: hooks)
            let base = try #require(ReferenceServer.url)
            let port = try #require(base.port)
            let before = try await hooks.counters()

            // The same server under another name, another port and another scheme: each would reach
            // a listener (or try to) if it were sent.
            for url in [
                "http://localhost:\(port)/api/posts?page=0&size=20&visibilityScope=GLOBAL",
                "http://127.0.0.1:\(port + 1)/api/posts", "https://127.0.0.1:\(port)/api/posts",
            ] {
                let error = try await woteError {
                    _ = try await member.client.response(for: URLRequest(url: URL(string: url)!))
                }
                #expect(error?.kind == .foreignOrigin, "\(url)")
            }

            let after = try await hooks.counters()
            #expect(after.requests == before.requests)
            #expect(after.redirectTargetRequests == before.redirectTargetRequests)
            // The same URL on the API's own origin goes through.
            let same = URL(string: "http://127.0.0.1:\(port)/api/posts?page=0&size=20&visibilityScope=GLOBAL")!
            #expect(try await member.client.response(for: URLRequest(url: same)).status == 200)
        }

        @Test func cancelledCaller_leavesTheSharedRefreshRunningForTheOthers() async throws {
            try await hooks.reset()
            // The real transport, with the refresh held at a gate on its way out.
            let gate = CallGate()
            let live = HTTPTransport.urlSession()
            let transport = HTTPTransport { request in
                if request.url?.path == "/api/auth/refresh" { await gate.pass() }
                return try await live.send(request)
            }
            let clock = try await hooks.clock()
            let client = WoteClient(
                configuration: WoteConfiguration(
                    baseURL: ReferenceServer.url!, storage: InMemoryTokenStorage(), transport: transport,
                    clock: clock.clock, requestTimeout: .seconds(10)))
            _ = try await client.login(.kakao("kakao:cancel-\(ReferenceServer.uniqueSuffix())"), remember: true)
            try await client.completeProfile(
                nickname: "c\(ReferenceServer.uniqueSuffix())", schoolName: "Wote High", region: .seoul, imageJPEG: nil)
            try await hooks.advance(clock, by: 31 * 60)
            let before = try await hooks.counters()

            let cancelled = Task { try await client.fetch([FeedPost].self, Self.feed) }
            await gate.waitForArrivals(1)
            let patient = Task { try await client.fetch([FeedPost].self, Self.feed) }
            cancelled.cancel()
            let cancelledResult = await cancelled.result
            #expect(throws: WoteError.cancelled) { try cancelledResult.get() }
            #expect(try await hooks.counters().refreshCalls == before.refreshCalls)

            gate.open()
            _ = try await patient.value
            let after = try await hooks.counters()
            #expect(after.refreshCalls == before.refreshCalls + 1)
            #expect(after.refreshRejected == before.refreshRejected)
            #expect(await client.currentSession.state == .signedIn)
        }
    }
}
