import Hummingbird
import HummingbirdTesting
import Testing
@testable import WoteServerCore

@Suite struct SessionFlowTests {
    @Test func login_answersE009WithTokens_untilProfileIsSet_thenSucceeds() async throws {
        try await TestServer.run { client in
            let first = try await client.login("apple:amy")
            #expect(first.httpStatus == 200)
            #expect(first.int("status") == 400)
            #expect(first.string("divisionCode") == "E009")
            let access = try #require(first.string("data.jwtToken.accessToken"))
            #expect(first.int("data.jwtToken.accessExpirationTime") != nil)
            #expect(first.int("data.jwtToken.refreshExpirationTime") != nil)

            let gated = try await client.send(.post, "/api/notifications/tokens", json: #"{"deviceToken":"ab12"}"#, token: access)
            #expect(gated.httpStatus == 400)
            #expect(gated.string("divisionCode") == "E009")

            let setUp = try await client.setUpProfile(token: access, nickname: "에이미", image: [0xFF, 0xD8, 0xFF])
            #expect(setUp.httpStatus == 200)
            #expect(setUp.int("status") == 200)

            let profile = try await client.send(.get, "/api/profiles", token: access)
            #expect(profile.string("data.nickname") == "에이미")
            #expect(profile.string("data.school.schoolRegion") == "서울")
            #expect(profile.string("data.profileImage")?.hasSuffix(".jpg") == true)
            #expect(!profile.has("data.consumerType"))

            let second = try await client.login("apple:amy")
            #expect(second.httpStatus == 200)
            #expect(second.int("status") == 200)
            #expect(!second.has("divisionCode"))
            #expect(second.bool("data.consumerTypeExist") == false)
            #expect(second.string("data.jwtToken.accessToken") != access)
        }
    }

    @Test func login_withCodeOfAnotherProvider_isRejectedWithA001() async throws {
        try await TestServer.run { client in
            let answer = try await client.login("kakao:amy", provider: "apple")
            #expect(answer.httpStatus == 401)
            #expect(answer.string("divisionCode") == "A001")
            let kakao = try await client.login("kakao:amy", provider: "kakao")
            #expect(kakao.string("divisionCode") == "E009")
        }
    }

    @Test func refresh_rotatesBothTokens_andThePreviousAccessTokenGetsE006() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("ben", nickname: "벤벤")
            let refreshed = try await client.refresh(tokens.refresh)
            #expect(refreshed.httpStatus == 200)
            #expect(refreshed.string("message") == "token renew success.")
            let newAccess = try #require(refreshed.string("data.accessToken"))
            let newRefresh = try #require(refreshed.string("data.refreshToken"))
            #expect(newAccess != tokens.access && newRefresh != tokens.refresh)

            let old = try await client.send(.get, "/api/profiles", token: tokens.access)
            #expect(old.httpStatus == 401)
            #expect(old.string("divisionCode") == "E006")
            let new = try await client.send(.get, "/api/profiles", token: newAccess)
            #expect(new.httpStatus == 200)

            // The real server's laxness: a superseded refresh token rotates again.
            let again = try await client.refresh(tokens.refresh)
            #expect(again.int("status") == 200)
            let counters = try await client.send(.get, "/__test/counters")
            #expect(counters.int("supersededAccessTokenRequests") == 1)
            #expect(counters.int("refreshCalls") == 2)
        }
    }

    @Test func strictRotation_rejectsASupersededRefreshToken_andRevokesTheSession() async throws {
        try await TestServer.run({ $0.strictRotation = true }) { client in
            let tokens = try await client.signedInMember("cat", nickname: "캣캣")
            let refreshed = try await client.refresh(tokens.refresh)
            let newAccess = try #require(refreshed.string("data.accessToken"))
            let newRefresh = try #require(refreshed.string("data.refreshToken"))

            let replay = try await client.refresh(tokens.refresh)
            #expect(replay.httpStatus == 200)
            #expect(replay.int("status") == 401)
            #expect(replay.string("divisionCode") == "E016")

            #expect(try await client.refresh(newRefresh).string("divisionCode") == "E016")
            #expect(try await client.send(.get, "/api/profiles", token: newAccess).string("divisionCode") == "E006")
            #expect(try await client.send(.get, "/__test/counters").int("refreshRejected") == 2)
        }
    }

    @Test func refresh_withAnUnknownToken_answersE016OnHTTP200() async throws {
        try await TestServer.run { client in
            let answer = try await client.refresh("not-a-token")
            #expect(answer.httpStatus == 200)
            #expect(answer.int("status") == 401)
            #expect(answer.string("divisionCode") == "E016")
        }
    }

    @Test func refresh_carryingAnExpiredAuthorizationHeader_failsWith401E006() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("dan", nickname: "댄댄")
            _ = try await client.send(.post, "/__test/clock", json: #"{"advanceSeconds":3600}"#)
            let answer = try await client.send(
                .post, "/api/auth/refresh", json: #"{"refreshToken":"\#(tokens.refresh)"}"#, token: tokens.access
            )
            #expect(answer.httpStatus == 401)
            #expect(answer.string("divisionCode") == "E006")
            #expect(try await client.refresh(tokens.refresh).int("status") == 200)
            let counters = try await client.send(.get, "/__test/counters")
            #expect(counters.int("expiredAccessTokenRequests") == 1)
            #expect(counters.int("authorizationOnRefresh") == 1)
        }
    }

    @Test func logout_bansTheAccessToken_butNotTheRefreshToken() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("eve", nickname: "이브")
            let logout = try await client.send(.post, "/api/auth/logout", json: #"{"deviceToken":""}"#, token: tokens.access)
            #expect(logout.string("message") == "logout success.")
            #expect(try await client.send(.get, "/api/profiles", token: tokens.access).string("divisionCode") == "E006")
            #expect(try await client.refresh(tokens.refresh).int("status") == 200)
        }
    }

    @Test func withdrawal_rejectsEveryTokenOfTheMember() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("fay", nickname: "페이")
            let withdrawn = try await client.send(.delete, "/api/members", token: tokens.access)
            #expect(withdrawn.int("status") == 200)
            let access = try await client.send(.get, "/api/profiles", token: tokens.access)
            #expect(access.httpStatus == 404)
            #expect(access.string("divisionCode") == "E001")
            #expect(try await client.refresh(tokens.refresh).string("divisionCode") == "E016")
            #expect(try await client.login("apple:fay").string("divisionCode") == "E009")
        }
    }
}
