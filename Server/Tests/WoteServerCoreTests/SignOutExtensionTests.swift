import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WoteServerCore

/// Issue 48's `[ext]` items on the reference server: logout naming the refresh token, sign out
/// everywhere, the withdrawal's Apple revocation, the provider's unlink, and the real-server mode
/// that ignores them all.
@Suite struct SignOutExtensionTests {
    @Test func logout_namingTheRefreshToken_revokesThatSignInsFamily() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("family", nickname: "가족")
            let other = try await client.login("apple:family")
            let otherRefresh = try #require(other.string("data.jwtToken.refreshToken"))
            let logout = try await client.send(
                .post, "/api/auth/logout", json: #"{"deviceToken":"","refreshToken":"\#(tokens.refresh)"}"#,
                token: tokens.access)
            #expect(logout.int("status") == 200)
            let reused = try await client.refresh(tokens.refresh)
            #expect(reused.string("divisionCode") == "E016")
            // The member's other sign-in is not touched.
            #expect(try await client.refresh(otherRefresh).int("status") == 200)
        }
    }

    @Test func logout_inRealServerMode_ignoresTheRefreshToken_andStillSucceeds() async throws {
        try await TestServer.run({ $0.extensions = false }) { client in
            let tokens = try await client.signedInMember("realmode", nickname: "진짜")
            let everywhere = try await client.send(.post, "/api/auth/logout/everywhere", token: tokens.access)
            #expect(everywhere.httpStatus == 404)
            let logout = try await client.send(
                .post, "/api/auth/logout", json: #"{"deviceToken":"","refreshToken":"\#(tokens.refresh)"}"#,
                token: tokens.access)
            #expect(logout.int("status") == 200)
            // As on the real server: the refresh token stays alive after a logout.
            #expect(try await client.refresh(tokens.refresh).int("status") == 200)
        }
    }

    @Test func logout_namingAnotherMembersRefreshToken_revokesNothing() async throws {
        try await TestServer.run { client in
            let mine = try await client.signedInMember("mine", nickname: "내것")
            let theirs = try await client.signedInMember("theirs", nickname: "남의것")
            let logout = try await client.send(
                .post, "/api/auth/logout", json: #"{"refreshToken":"\#(theirs.refresh)"}"#, token: mine.access)
            #expect(logout.int("status") == 200)
            #expect(try await client.refresh(theirs.refresh).int("status") == 200)
        }
    }

    @Test func logoutEverywhere_endsEverySignIn_withX001_onAccessAndRefresh() async throws {
        try await TestServer.run { client in
            let phone = try await client.signedInMember("everywhere", nickname: "어디나")
            let tablet = try await client.login("apple:everywhere")
            let tabletAccess = try #require(tablet.string("data.jwtToken.accessToken"))
            let tabletRefresh = try #require(tablet.string("data.jwtToken.refreshToken"))
            let bystander = try await client.signedInMember("bystander", nickname: "구경꾼")

            let ended = try await client.send(.post, "/api/auth/logout/everywhere", token: phone.access)
            #expect(ended.int("status") == 200)
            #expect((ended.int("data.endedSessions") ?? 0) >= 2)

            let call = try await client.send(.get, "/api/profiles", token: tabletAccess)
            #expect(call.httpStatus == 401)
            #expect(call.string("divisionCode") == "X001")
            let refresh = try await client.refresh(tabletRefresh)
            #expect(refresh.string("divisionCode") == "X001")
            #expect(try await client.refresh(phone.refresh).string("divisionCode") == "X001")
            // Another member keeps their session; the member may sign in again.
            #expect(try await client.send(.get, "/api/profiles", token: bystander.access).int("status") == 200)
            #expect(try await client.login("apple:everywhere").int("status") == 200)
        }
    }

    @Test func appleWithdrawal_withAStepUpCode_recordsTheRevocation() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("leaving", nickname: "떠남")
            let gone = try await client.send(
                .delete, "/api/members", json: #"{"appleAuthorizationCode":"apple:leaving"}"#, token: tokens.access)
            #expect(gone.int("status") == 200)
            let record = try await client.send(.get, "/__test/apple-revocations")
            let revocations = try #require(record.value("revocations") as? [[String: Any]])
            #expect(revocations.count == 1)
            #expect(revocations.first?["authorizationCode"] as? String == "apple:leaving")
            #expect(revocations.first?["member"] as? String == "leaving")
            #expect(revocations.first?["tokenTypeHint"] as? String == "refresh_token")
            #expect(try await client.refresh(tokens.refresh).string("divisionCode") == "E016")
        }
    }

    @Test func appleWithdrawal_withAnotherUsersCode_isRefused_andKeepsTheAccount() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("stays", nickname: "남음")
            let refused = try await client.send(
                .delete, "/api/members", json: #"{"appleAuthorizationCode":"apple:somebodyElse"}"#, token: tokens.access)
            #expect(refused.string("divisionCode") == "A001")
            #expect(try await client.send(.get, "/api/profiles", token: tokens.access).int("status") == 200)
            let record = try await client.send(.get, "/__test/apple-revocations")
            #expect((record.value("revocations") as? [Any])?.isEmpty == true)
        }
    }

    @Test func unlink_endsEverySession_withX002() async throws {
        try await TestServer.run { client in
            let tokens = try await client.signedInMember("unlinked", nickname: "끊김")
            #expect(try await client.send(.post, "/__test/unlink", json: #"{"nickname":"끊김"}"#).httpStatus == 200)
            #expect(try await client.send(.get, "/api/profiles", token: tokens.access).string("divisionCode") == "X002")
            #expect(try await client.refresh(tokens.refresh).string("divisionCode") == "X002")
        }
    }
}
