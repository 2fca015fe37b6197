import Foundation
import Testing
import WoteDomain
import WoteKitTesting
import WoteRepository
import WoteWire

/// Logout, withdrawal and the session calls that go straight to the session engine.
@Suite struct AuthRepositorySessionTests {
    let clock = TestClock()

    private func repository(_ remote: FakeRemoteDataSource, _ session: FakeSessionDataSource) -> WoteAuthRepository {
        WoteAuthRepository(remote: remote, session: session, clock: clock.clock)
    }

    // MARK: - signOut

    /// The session owns the tokens, so it sends the logout call (see SessionTests' LogoutTests);
    /// the repository hands it the device token and reports only its storage failure.
    @Test(arguments: ["ab12", nil] as [String?])
    func signOut_handsTheDeviceTokenToTheSession_andSendsNothingItself(deviceToken: String?) async throws {
        let remote = FakeRemoteDataSource()
        let session = FakeSessionDataSource(state: .signedIn)
        try await repository(remote, session).signOut(deviceToken: deviceToken)
        #expect(session.logouts == [deviceToken])
        #expect(remote.calls.isEmpty)
        #expect(session.currentState == .signedOut(.loggedOut))
    }

    @Test func signOut_reportsTheSessionsStorageFailure() async {
        let remote = FakeRemoteDataSource()
        let session = FakeSessionDataSource(state: .signedIn)
        session.failEnds(with: .storageFailure("keychain locked"))
        await #expect(throws: WoteError.storageFailure("keychain locked")) {
            try await repository(remote, session).signOut(deviceToken: nil)
        }
        #expect(session.logouts == [nil])
    }

    // MARK: - withdraw

    @Test(arguments: [
        AuthenticationState.signedOut(.noSession), .signedOut(.loggedOut), .storageUnavailable(reason: "x"),
    ])
    func withdraw_whenNotSignedIn_isNotSignedIn_withoutARequest(state: AuthenticationState) async {
        let remote = FakeRemoteDataSource { $0.withdraw = .success(Fixtures.ok()) }
        let session = FakeSessionDataSource(state: state)
        await #expect(throws: WoteError.notSignedIn) { try await repository(remote, session).withdraw() }
        #expect(remote.calls.isEmpty)
        #expect(session.endReasons.isEmpty)
    }

    @Test func withdraw_success_endsTheSessionAsWithdrawn() async throws {
        let remote = FakeRemoteDataSource { $0.withdraw = .success(Fixtures.ok()) }
        let session = FakeSessionDataSource(state: .signedIn)
        try await repository(remote, session).withdraw()
        #expect(remote.calls == [.withdraw])
        #expect(session.endReasons == [.withdrawn])
        #expect(session.currentState == .signedOut(.withdrawn))
    }

    @Test func withdraw_refusedWithE009_isProfileRequired_andKeepsTheSession() async {
        let remote = FakeRemoteDataSource {
            $0.withdraw = .success(Fixtures.failure(http: 400, status: 400, code: .signUpNotCompleted))
        }
        let session = FakeSessionDataSource(state: .profileRequired)
        await #expect(throws: WoteError.profileRequired) { try await repository(remote, session).withdraw() }
        #expect(session.endReasons.isEmpty)
        #expect(session.currentState == .profileRequired)
    }

    @Test(arguments: [(DivisionCode.memberNotFound, 404), (.invalidRefreshToken, 401)])
    func withdraw_whenTheAccountIsAlreadyGone_succeeds(code: DivisionCode, status: Int) async throws {
        let remote = FakeRemoteDataSource {
            $0.withdraw = .success(Fixtures.failure(http: status, status: status, code: code))
        }
        let session = FakeSessionDataSource(state: .signedIn)
        try await repository(remote, session).withdraw()
        #expect(session.endReasons == [.withdrawn])
    }

    @Test(arguments: [
        (
            Result<ResponseEnvelope<IgnoredPayload>, APIError>.failure(.network("offline")),
            WoteError.networkUnavailable("offline")
        ),
        (.failure(.timeout), .timeout),
        (
            .failure(.malformed(MalformedResponse(httpStatus: 200, problem: .invalidJSON))),
            .malformedResponse("HTTP 200: body is not valid JSON (truncated or garbled)")
        ),
        (
            .success(Fixtures.failure(http: 500, status: 500, code: .internalServerError, message: "boom")),
            .serverFailure(status: 500, code: "G999", message: "boom")
        ),
        (
            .success(Fixtures.failure(http: 200, status: 502, code: nil, message: "down")),
            .serverFailure(status: 502, code: nil, message: "down")
        ),
        (
            .success(Fixtures.failure(http: 401, status: 401, code: .expiredJWT, message: "Expired JWT")),
            .rejected(code: "E006", message: "Expired JWT")
        ),
        (.failure(.session(.sessionExpired)), .sessionExpired),
    ])
    func withdraw_failure_clearsTheSessionLocally_thenReportsTheFailure(
        answer: Result<ResponseEnvelope<IgnoredPayload>, APIError>, expected: WoteError
    ) async {
        let remote = FakeRemoteDataSource { $0.withdraw = answer }
        let session = FakeSessionDataSource(state: .signedIn)
        await #expect(throws: expected) { try await repository(remote, session).withdraw() }
        #expect(session.endReasons == [.withdrawn])
        #expect(session.currentState == .signedOut(.withdrawn))
    }

    @Test func withdraw_offline_withAStorageFailureToo_reportsTheNetworkFailure() async {
        let remote = FakeRemoteDataSource { $0.withdraw = .failure(.network("offline")) }
        let session = FakeSessionDataSource(state: .signedIn)
        session.failEnds(with: .storageFailure("disk full"))
        await #expect(throws: WoteError.networkUnavailable("offline")) {
            try await repository(remote, session).withdraw()
        }
        #expect(session.endReasons == [.withdrawn])
    }

    @Test func withdraw_success_reportsAStorageFailure() async {
        let remote = FakeRemoteDataSource { $0.withdraw = .success(Fixtures.ok()) }
        let session = FakeSessionDataSource(state: .signedIn)
        session.failEnds(with: .storageFailure("disk full"))
        await #expect(throws: WoteError.storageFailure("disk full")) {
            try await repository(remote, session).withdraw()
        }
    }

    // MARK: - Delegation to the session engine

    @Test func restoreSession_returnsWhatTheEngineRestored() async {
        let session = FakeSessionDataSource()
        let restored = SessionSnapshot(state: .profileRequired, tokens: nil, isPersistent: true)
        session.scriptRestore(restored)
        #expect(await repository(FakeRemoteDataSource(), session).restoreSession() == restored)
    }

    @Test func refreshSession_returnsTheEnginesResult_orItsError() async throws {
        let session = FakeSessionDataSource(state: .signedIn)
        let refreshed = SessionSnapshot(state: .signedIn, isPersistent: false)
        session.scriptRefresh(.success(refreshed))
        let repository = repository(FakeRemoteDataSource(), session)
        #expect(try await repository.refreshSession() == refreshed)
        session.scriptRefresh(.failure(.sessionExpired))
        await #expect(throws: WoteError.sessionExpired) { try await repository.refreshSession() }
    }

    @Test func currentSession_isTheEnginesSnapshot() async {
        let session = FakeSessionDataSource(state: .profileRequired)
        #expect(await repository(FakeRemoteDataSource(), session).currentSession().state == .profileRequired)
    }

    @Test func sessionEvents_deliversTheEnginesEvents() async {
        let session = FakeSessionDataSource(state: .signedIn)
        var events = repository(FakeRemoteDataSource(), session).sessionEvents().makeAsyncIterator()
        session.send(.tokensRefreshed)
        session.send(.signedOut(.sessionExpired))
        #expect(await events.next() == .tokensRefreshed)
        #expect(await events.next() == .signedOut(.sessionExpired))
    }
}
