import Hummingbird
import HummingbirdTesting
import Testing
@testable import WoteServerCore

@Suite struct AccountTests {
    static let account = #"{"loginId":"wote01","password":"passw0rd","name":"워트","email":"a@b.kr","phone":"010-1234-5678"}"#

    @Test func signUp_thenSignIn_answersLikeSocialLogin() async throws {
        try await TestServer.run { client in
            let created = try await client.send(.post, "/api/auth/signup", json: Self.account)
            #expect(created.httpStatus == 200)
            #expect(created.bool("success") == true)
            #expect(created.string("message") == "회원가입 성공")

            let taken = try await client.send(.post, "/api/auth/signup", json: Self.account)
            #expect(taken.httpStatus == 200)
            #expect(taken.bool("success") == false)
            #expect(taken.string("message")?.isEmpty == false)

            let signIn = try await client.send(.post, "/api/auth/signin", json: #"{"loginId":"wote01","password":"passw0rd"}"#)
            #expect(signIn.httpStatus == 200)
            #expect(signIn.string("divisionCode") == "E009")
            #expect(signIn.string("data.jwtToken.accessToken") != nil)

            let wrong = try await client.send(.post, "/api/auth/signin", json: #"{"loginId":"wote01","password":"passw0rd1"}"#)
            #expect(wrong.httpStatus == 401)
            #expect(wrong.string("divisionCode") == "A002")
        }
    }

    @Test(arguments: [
        #"{"loginId":"ab","password":"passw0rd","name":"n","email":"a@b.kr","phone":"010"}"#,
        #"{"loginId":"wote02","password":"password","name":"n","email":"a@b.kr","phone":"010"}"#,
        #"{"loginId":"wote02","password":"passw0rd","name":"n","email":"a@@b.kr","phone":"010"}"#,
        #"{"loginId":"wote02","password":"passw0rd","name":"n","email":"a@b.kr","phone":"010 1234"}"#,
    ])
    func signUp_breakingARule_isRefusedOnHTTP200(body: String) async throws {
        try await TestServer.run { client in
            let answer = try await client.send(.post, "/api/auth/signup", json: body)
            #expect(answer.httpStatus == 200)
            #expect(answer.int("status") == 200)
            #expect(answer.bool("success") == false)
        }
    }

    @Test func signUp_withMalformedJSON_answersHTTP400() async throws {
        try await TestServer.run { client in
            let answer = try await client.send(.post, "/api/auth/signup", json: #"{"loginId":"#)
            #expect(answer.httpStatus == 400)
            #expect(answer.bool("success") == false)
        }
    }

    @Test func passwordHash_neverHoldsThePlainText_andChecksIt() {
        let hash = PasswordHash(hashing: "passw0rd", iterations: 32)
        #expect(hash.matches("passw0rd"))
        #expect(!hash.matches("passw0rd "))
        #expect(!String(decoding: hash.derivedKey, as: UTF8.self).contains("passw0rd"))
        #expect(PasswordHash(hashing: "passw0rd", iterations: 32).salt != hash.salt)
    }
}
