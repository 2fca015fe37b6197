import Foundation
import Testing
import WoteData
import WoteKit
import WoteKitTesting
import WoteRepository

extension EndToEnd {
    @Suite struct Concurrency {
        let hooks = TestHooks()

        @Test(arguments: [50, 200])
        func burstOnAnExpiredToken_underStrictRotation_makesOneRefresh_andNoneRejected(_ burst: Int) async throws {
            try await hooks.reset()
            let member = try await SignedInMember.make(hooks: hooks)
            try await hooks.setStrictRotation(true)
            try await hooks.advance(member.clock, by: 31 * 60)
            let before = try await hooks.counters()

            let successes = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<burst {
                    group.addTask { (try? await member.client.fetchMyProfile()) != nil }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }

            let after = try await hooks.counters()
            try await hooks.setStrictRotation(false)
            #expect(successes == burst)
            #expect(after.refreshCalls - before.refreshCalls == 1)
            #expect(after.refreshRejected == before.refreshRejected)
            #expect(after.supersededAccessTokenRequests == before.supersededAccessTokenRequests)
            #expect(after.expiredAccessTokenRequests == before.expiredAccessTokenRequests)
        }

        @Test(arguments: ["", "&host=localhost"])
        func redirectToTheSecondListener_isNotTheAPIsAnswer_andCarriesNoAuthorizationWhenOptedIn(
            _ hostParameter: String
        ) async throws {
            try await hooks.reset()
            let member = try await SignedInMember.make(hooks: hooks)
            let before = try await hooks.counters()
            var endpoint = Endpoint(
                method: .get, path: "/__test/redirect?to=/api/profiles\(hostParameter)", authorization: .bearer)
            // The hook answers only with the secret the server was started with (issue 47, N7).
            endpoint.headers["X-Wote-Test-Secret"] = TestHooks.secret

            // By default the other origin's answer is refused, and nothing goes there.
            await #expect(throws: APIError.self) { try await member.client.engine.send(endpoint) }
            #expect(try await hooks.counters().redirectTargetRequests == before.redirectTargetRequests)

            // Opted in, it is followed without the token, and the answer says where it came from.
            endpoint.followsRedirectsToOtherOrigins = true
            let response = try await member.client.engine.send(endpoint)

            let after = try await hooks.counters()
            #expect(response.status == 200)
            #expect(response.url.flatMap { Origin($0) } != Origin(ReferenceServer.url!))
            #expect(String(decoding: response.body, as: UTF8.self).contains("redirectTarget"))
            #expect(after.redirectTargetRequests == before.redirectTargetRequests + 1)
            #expect(after.redirectTargetAuthorizationSeen == before.redirectTargetAuthorizationSeen)
        }
    }
}
