import Hummingbird
import HummingbirdTesting
import Testing
@testable import WoteServerCore

/// `--refresh-reuse`: what a refresh token that a refresh already superseded gets (Docs/ServerModes.md).
@Suite struct RefreshReuseTests {
    /// The pair a refresh answered, or a failed expectation.
    private struct Pair: Equatable {
        let access: String
        let refresh: String

        init(_ answer: Answer) throws {
            access = try #require(answer.string("data.accessToken"))
            refresh = try #require(answer.string("data.refreshToken"))
        }
    }

    @Test func options_defaultToLax_theRealServersBehaviour_andParseEveryMode() throws {
        #expect(ServerOptions().refreshReuse == .lax)
        #expect(ServerOptions().reuseGraceMilliseconds == 30_000)
        for mode in RefreshReuse.allCases {
            guard case .run(let options) = try ServerOptions.parse(["--refresh-reuse", mode.rawValue]) else {
                Issue.record("expected run")
                return
            }
            #expect(options.refreshReuse == mode)
        }
        guard case .run(let grace) = try ServerOptions.parse(["--refresh-reuse=grace", "--reuse-grace", "5s"]) else {
            Issue.record("expected run")
            return
        }
        #expect(grace.refreshReuse == .grace && grace.reuseGraceMilliseconds == 5_000)
        guard case .run(let strict) = try ServerOptions.parse(["--strict-rotation"]) else {
            Issue.record("expected run")
            return
        }
        #expect(strict.refreshReuse == .strict)
        #expect(throws: OptionsError(description: "--refresh-reuse: 'loose' is not lax, strict or grace")) {
            try ServerOptions.parse(["--refresh-reuse", "loose"])
        }
    }

    @Test func lax_aSupersededRefreshTokenRotatesAgain() async throws {
        try await TestServer.run({ $0.refreshReuse = .lax }) { client in
            let tokens = try await client.signedInMember("lax", nickname: "느슨")
            let first = try Pair(try await client.refresh(tokens.refresh))
            let again = try Pair(try await client.refresh(tokens.refresh))
            #expect(again != first)
            #expect(try await client.send(.get, "/api/profiles", token: again.access).httpStatus == 200)
        }
    }

    @Test func strict_aSupersededRefreshTokenGetsE016_andRevokesTheWholeFamily() async throws {
        try await TestServer.run({ $0.refreshReuse = .strict }) { client in
            let tokens = try await client.signedInMember("strict", nickname: "엄격")
            let rotated = try Pair(try await client.refresh(tokens.refresh))

            // Within what would be grace mode's window, the replay is still refused.
            let replay = try await client.refresh(tokens.refresh)
            #expect(replay.httpStatus == 200)
            #expect(replay.int("status") == 401)
            #expect(replay.string("divisionCode") == "E016")
            // The family is gone: the pair the rotation issued is refused too.
            #expect(try await client.refresh(rotated.refresh).string("divisionCode") == "E016")
            #expect(try await client.send(.get, "/api/profiles", token: rotated.access).string("divisionCode") == "E006")
        }
    }

    @Test func grace_theJustSupersededRefreshToken_withinTheWindow_getsTheSameNewPair() async throws {
        try await TestServer.run({ $0.refreshReuse = .grace }) { client in
            let tokens = try await client.signedInMember("grace", nickname: "은혜")
            let rotated = try Pair(try await client.refresh(tokens.refresh))
            try await client.advanceClock(seconds: 29)

            let replay = try await client.refresh(tokens.refresh)
            #expect(replay.httpStatus == 200)
            #expect(replay.int("status") == 200)
            #expect(try Pair(replay) == rotated)
            // A second replay within the window gets it again; the session is intact.
            #expect(try Pair(try await client.refresh(tokens.refresh)) == rotated)
            #expect(try await client.send(.get, "/api/profiles", token: rotated.access).httpStatus == 200)
            let next = try Pair(try await client.refresh(rotated.refresh))
            #expect(next != rotated)
            #expect(try await client.send(.get, "/api/profiles", token: next.access).httpStatus == 200)
        }
    }

    @Test func grace_aReplayAfterTheWindow_getsE016_andRevokesTheFamily() async throws {
        try await TestServer.run({
            $0.refreshReuse = .grace
            $0.reuseGraceMilliseconds = 10_000
        }) { client in
            let tokens = try await client.signedInMember("late", nickname: "늦음")
            let rotated = try Pair(try await client.refresh(tokens.refresh))
            try await client.advanceClock(seconds: 11)

            #expect(try await client.refresh(tokens.refresh).string("divisionCode") == "E016")
            #expect(try await client.refresh(rotated.refresh).string("divisionCode") == "E016")
            #expect(try await client.send(.get, "/api/profiles", token: rotated.access).string("divisionCode") == "E006")
        }
    }

    @Test func grace_aTokenSupersededTwiceAgo_getsE016_andRevokesTheFamily() async throws {
        try await TestServer.run({ $0.refreshReuse = .grace }) { client in
            let tokens = try await client.signedInMember("twice", nickname: "두번")
            let second = try Pair(try await client.refresh(tokens.refresh))
            let third = try Pair(try await client.refresh(second.refresh))

            // The oldest token is not the one just superseded: reuse detection, within the window.
            #expect(try await client.refresh(tokens.refresh).string("divisionCode") == "E016")
            #expect(try await client.refresh(third.refresh).string("divisionCode") == "E016")
        }
    }

    @Test func grace_followsTheLatestRotation_itsSupersededTokenGetsTheLatestPair() async throws {
        try await TestServer.run({ $0.refreshReuse = .grace }) { client in
            let tokens = try await client.signedInMember("latest", nickname: "최신")
            let second = try Pair(try await client.refresh(tokens.refresh))
            let third = try Pair(try await client.refresh(second.refresh))

            // `second` was exchanged for `third`, the current pair: the retry gets `third` again.
            #expect(try Pair(try await client.refresh(second.refresh)) == third)
            #expect(try await client.send(.get, "/api/profiles", token: third.access).httpStatus == 200)
        }
    }

    @Test func config_switchesTheMode_atRunTime() async throws {
        try await TestServer.run { client in
            let config = try await client.send(
                .post, "/__test/config", json: #"{"refreshReuse":"grace","reuseGrace":5}"#)
            #expect(config.string("refreshReuse") == "grace")
            #expect(config.value("reuseGrace") as? Double == 5)
            #expect(config.bool("strictRotation") == false)
            let tokens = try await client.signedInMember("switch", nickname: "전환")
            let rotated = try Pair(try await client.refresh(tokens.refresh))
            #expect(try Pair(try await client.refresh(tokens.refresh)) == rotated)

            let strict = try await client.send(.post, "/__test/config", json: #"{"strictRotation":true}"#)
            #expect(strict.string("refreshReuse") == "strict")
            let retry = try await client.refresh(tokens.refresh)
            #expect(retry.string("divisionCode") == "E016")
        }
    }
}

/// `dropAnswer`: the refresh rotates, and its answer never reaches the client.
@Suite struct LostRefreshAnswerTests {
    /// Signs a member in over a socket and sends one refresh whose answer is dropped after the
    /// server handled it; returns the tokens it was sent with.
    private static func refreshWithLostAnswer(on server: WoteServer, name: String, nickname: String) async throws
        -> (access: String, refresh: String)
    {
        let box = TokensBox()
        try await server.makeApplication().test(.live) { client in
            let tokens = try await client.signedInMember(name, nickname: nickname)
            await box.set(tokens)
            _ = try await client.send(
                .post, "/__test/faults", json: #"{"path":"/api/auth/refresh","kind":"dropAnswer","times":1}"#)
            await #expect(throws: (any Error).self) { _ = try await client.refresh(tokens.refresh) }
        }
        #expect(await server.counters?.snapshot().requests["POST /api/auth/refresh dropped"] == 1)
        return try #require(await box.tokens)
    }

    private actor TokensBox {
        var tokens: (access: String, refresh: String)?
        func set(_ tokens: (access: String, refresh: String)) { self.tokens = tokens }
    }

    @Test func dropAnswer_rotatesThenCloses_andUnderGraceTheRetryGetsThePairThatWasLost() async throws {
        let server = TestServer.make { $0.refreshReuse = .grace }
        let tokens = try await Self.refreshWithLostAnswer(on: server, name: "lost", nickname: "잃음")
        // A new connection, as a client retrying after the lost answer opens.
        try await server.makeApplication().test(.router) { client in
            // The server rotated: the old access token is superseded.
            let old = try await client.send(.get, "/api/profiles", token: tokens.access)
            #expect(old.string("divisionCode") == "E006")
            // The retry with the same refresh token gets the pair the lost answer carried, every time.
            let retry = try await client.refresh(tokens.refresh)
            let access = try #require(retry.string("data.accessToken"))
            let refresh = try #require(retry.string("data.refreshToken"))
            #expect(try await client.refresh(tokens.refresh).string("data.accessToken") == access)
            #expect(try await client.send(.get, "/api/profiles", token: access).httpStatus == 200)
            #expect(try await client.refresh(refresh).int("status") == 200)
        }
    }

    /// `holdAnswer`: the refresh rotates at once, and its answer goes out only after the hold.
    @Test func holdAnswer_rotatesBeforeTheAnswerGoesOut() async throws {
        let server = TestServer.make { $0.refreshReuse = .grace }
        try await server.makeApplication().test(.live) { client in
            let tokens = try await client.signedInMember("held", nickname: "붙잡음")
            _ = try await client.send(
                .post, "/__test/faults",
                json: #"{"path":"/api/auth/refresh","kind":"holdAnswer","delayMs":50,"times":1}"#)
            let held = try await client.refresh(tokens.refresh)
            let access = try #require(held.string("data.accessToken"))
            #expect(access != tokens.access)
            // The answer that was held is the rotation's: the grace retry gets the same pair.
            #expect(try await client.refresh(tokens.refresh).string("data.accessToken") == access)
        }
    }

    @Test func dropAnswer_underStrict_theRetryGetsE016() async throws {
        let server = TestServer.make { $0.refreshReuse = .strict }
        let tokens = try await Self.refreshWithLostAnswer(on: server, name: "gone", nickname: "사라짐")
        try await server.makeApplication().test(.router) { client in
            let retry = try await client.refresh(tokens.refresh)
            #expect(retry.string("divisionCode") == "E016")
        }
    }
}
