import Hummingbird
import HummingbirdTesting
import Testing
@testable import WoteServerCore

@Suite struct ProfileTests {
    @Test func nicknameCheck_takenNickname_answers409OnHTTP200() async throws {
        try await TestServer.run { client in
            let free = try await client.send(.post, "/api/profiles/isValidNickname", json: #"{"nickname":"워트"}"#)
            #expect(free.httpStatus == 200)
            #expect(free.bool("data.isExist") == false)

            _ = try await client.signedInMember("gus", nickname: "워트")
            let taken = try await client.send(.post, "/api/profiles/isValidNickname", json: #"{"nickname":"워트"}"#)
            #expect(taken.httpStatus == 200)
            #expect(taken.int("status") == 409)
            #expect(taken.bool("data.isExist") == true)
            #expect(!taken.has("divisionCode"))
        }
    }

    @Test(arguments: ["a", "열한글자가넘는닉네임이다", "with space", "bang!"])
    func nicknameCheck_brokenRule_answersG013(nickname: String) async throws {
        try await TestServer.run { client in
            let answer = try await client.send(.post, "/api/profiles/isValidNickname", json: #"{"nickname":"\#(nickname)"}"#)
            #expect(answer.httpStatus == 200)
            #expect(answer.string("divisionCode") == "G013")
        }
    }

    @Test func profileSetup_withATakenNickname_answersE013() async throws {
        try await TestServer.run { client in
            _ = try await client.signedInMember("hal", nickname: "할할")
            let other = try await client.login("kakao:ida", provider: "kakao")
            let answer = try await client.setUpProfile(token: other.string("data.jwtToken.accessToken") ?? "", nickname: "할할")
            #expect(answer.int("status") == 409)
            #expect(answer.string("divisionCode") == "E013")
        }
    }

    @Test func profileSetup_withAnUnknownRegion_answersG013() async throws {
        try await TestServer.run { client in
            let login = try await client.login("apple:jay")
            let answer = try await client.setUpProfile(token: login.string("data.jwtToken.accessToken") ?? "", nickname: "제이", region: "평양")
            #expect(answer.string("divisionCode") == "G013")
        }
    }

    @Test func consumerType_isValidated_andShownInTheProfile() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("kim", nickname: "킴킴")
            let bad = try await client.send(.put, "/api/profiles/consumerType", json: #"{"consumerType":"SPENDER"}"#, token: tokens.access)
            #expect(bad.string("divisionCode") == "G003")
            let good = try await client.send(.put, "/api/profiles/consumerType", json: #"{"consumerType":"FLEXER"}"#, token: tokens.access)
            #expect(good.int("status") == 200)
            #expect(try await client.send(.get, "/api/profiles", token: tokens.access).string("data.consumerType") == "FLEXER")
            #expect(try await client.login("apple:kim").bool("data.consumerTypeExist") == true)
        }
    }
}
