import Hummingbird
import HummingbirdTesting
import Testing
@testable import WoteServerCore

@Suite struct TestHookTests {
    @Test func fault_appliesForItsTimes_thenTheEndpointAnswersNormally() async throws {
        try await TestServer.run { client in
            let added = try await client.send(
                .post, "/__test/faults",
                json: #"{"method":"POST","path":"/api/profiles/isValidNickname","kind":"html","times":1}"#
            )
            #expect(added.httpStatus == 200)
            let broken = try await client.send(.post, "/api/profiles/isValidNickname", json: #"{"nickname":"워트"}"#)
            #expect(broken.httpStatus == 502)
            #expect(broken.text.contains("<html>"))
            let normal = try await client.send(.post, "/api/profiles/isValidNickname", json: #"{"nickname":"워트"}"#)
            #expect(normal.int("status") == 200)
        }
    }

    @Test(arguments: [
        ("status", 503, #"{"divisionCode":"G999","message":"Injected fault","status":503}"#),
        ("empty", 200, ""),
        ("missingData", 200, #"{"status":200,"message":"SUCCESS"}"#),
    ])
    func fault_kinds_answerTheirBrokenShape(kind: String, httpStatus: Int, body: String) async throws {
        try await TestServer.run { client in
            let status = kind == "status" ? #","status":503"# : ""
            _ = try await client.send(.post, "/__test/faults", json: #"{"path":"/api/profiles","kind":"\#(kind)"\#(status)}"#)
            for _ in 0..<2 {
                let answer = try await client.send(.get, "/api/profiles")
                #expect(answer.httpStatus == httpStatus)
                #expect(answer.text == body)
            }
            _ = try await client.send(.delete, "/__test/faults")
            #expect(try await client.send(.get, "/api/profiles").string("divisionCode") == "E005")
        }
    }

    @Test func truncatedFault_isNotJSON() async throws {
        try await TestServer.run { client in
            _ = try await client.send(.post, "/__test/faults", json: #"{"path":"/api/profiles","kind":"truncated","times":1}"#)
            let answer = try await client.send(.get, "/api/profiles")
            #expect(answer.httpStatus == 200)
            #expect(!answer.body.isEmpty)
            #expect(answer.value("status") == nil)
        }
    }

    @Test func counters_keyRequestsByMethodPathAndStatus_andNeverKeepAuthorizationValues() async throws {
        try await TestServer.run { client in
            _ = try await client.send(.get, "/api/profiles", token: "secret-token-value")
            let counters = try await client.send(.get, "/__test/counters")
            #expect(counters.int("requests.GET /api/profiles 401") == 1)
            #expect(!counters.text.contains("secret-token-value"))
            let fingerprints = try #require(counters.value("requestsPerAuthorization") as? [String: Int])
            #expect(fingerprints == [RequestCounters.fingerprint("Bearer secret-token-value"): 1])

            _ = try await client.send(.post, "/__test/reset")
            #expect(try await client.send(.get, "/__test/counters").value("requests") as? [String: Int] == [:])
        }
    }

    @Test func reset_waitsForARequestAFaultStillDelays_soItIsCountedBeforeTheReset() async throws {
        try await TestServer.run { client in
            _ = try await client.send(
                .post, "/__test/faults", json: #"{"path":"/api/profiles","kind":"delay","delayMs":300,"times":1}"#)
            async let delayed = client.send(.get, "/api/profiles", token: "expired-by-now")
            var inFlight = 0
            for _ in 0..<100_000 where inFlight == 0 {
                inFlight = try await client.send(.get, "/__test/counters").int("requestsInFlight") ?? 0
                await Task.yield()
            }
            try #require(inFlight == 1)

            _ = try await client.send(.post, "/__test/reset")
            #expect(try await delayed.httpStatus == 401)

            let after = try await client.send(.get, "/__test/counters")
            #expect(after.value("requests") as? [String: Int] == [:])
            #expect(after.int("requestsInFlight") == 0)
        }
    }

    @Test func reset_keepsMembers_unlessAsked() async throws {
        try await TestServer.run { client in
            _ = try await client.signedInMember("leo", nickname: "레오")
            _ = try await client.send(.post, "/__test/reset")
            #expect(try await client.login("apple:leo").int("status") == 200)
            _ = try await client.send(.post, "/__test/reset", json: #"{"members":true}"#)
            #expect(try await client.login("apple:leo").string("divisionCode") == "E009")
        }
    }

    @Test func config_changesTokenLifetimes_atRunTime() async throws {
        try await TestServer.run { client in
            let config = try await client.send(.post, "/__test/config", json: #"{"accessTTL":2,"strictRotation":true}"#)
            #expect(config.value("accessTTL") as? Double == 2)
            #expect(config.bool("strictRotation") == true)
            let login = try await client.login("apple:max")
            let access = try #require(login.int("data.jwtToken.accessExpirationTime"))
            let now = try #require(try await client.send(.get, "/__test/clock").int("nowMs"))
            #expect((1_000...2_000).contains(access - now))
        }
    }

    @Test func testHooks_areNotServed_withoutTheFlag() async throws {
        try await TestServer.run({ $0.testHooks = false }) { client in
            let answer = try await client.send(.get, "/__test/counters")
            #expect(answer.httpStatus == 404)
            #expect(answer.string("divisionCode") == "G011")
        }
    }
}

@Suite struct DroppedConnectionTests {
    @Test func dropFault_closesTheConnectionWithoutAnAnswer() async throws {
        let server = TestServer.make()
        try await server.makeApplication().test(.live) { client in
            _ = try await client.send(.post, "/__test/faults", json: #"{"path":"/api/profiles","kind":"drop","times":1}"#)
            let start = ContinuousClock.now
            await #expect(throws: (any Error).self) { _ = try await client.send(.get, "/api/profiles") }
            #expect(ContinuousClock.now - start < .seconds(5))
        }
        #expect(await server.counters?.snapshot().requests["GET /api/profiles dropped"] == 1)
    }
}
