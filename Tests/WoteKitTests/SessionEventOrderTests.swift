import Foundation
import Testing
import WoteKit
import WoteKitTesting

/// One order of session events (issue 32 item 3): each change of the session, made through
/// `AuthRepository`, is heard as the same events in the same order from the engine-backed
/// repository (over `FakeWoteServer`) and from `InMemoryAuthRepository`. Each case hears every
/// event until the streams end, so a missing, extra or moved event fails it.
@Suite(.timeLimit(.minutes(1))) struct SessionEventOrderTests {
    /// A repository under test, with the means to script its refresh.
    struct Subject: Sendable, CustomTestStringConvertible {
        enum Kind: Sendable { case engine, inMemory }
        let kind: Kind
        let auth: any AuthRepository
        let server: FakeWoteServer?
        let memory: InMemoryAuthRepository?
        let client: WoteClient?

        var testDescription: String { kind == .engine ? "engine" : "in-memory" }

        static func make(_ kind: Kind) -> Subject {
            switch kind {
            case .engine:
                let server = FakeWoteServer()
                server.addMember("new", profile: nil)
                server.route(.kakao(Self.profileRequiredCode), to: "new")
                let client = WoteClient(
                    configuration: WoteConfiguration(
                        baseURL: FakeWoteServer.baseURL, storage: InMemoryTokenStorage(),
                        transport: server.transport, clock: server.clock.clock))
                return Subject(kind: kind, auth: client.auth, server: server, memory: nil, client: client)
            case .inMemory:
                let memory = InMemoryAuthRepository()
                memory.setSignInResult(.success(.profileRequired), for: .kakao(Self.profileRequiredCode))
                return Subject(kind: kind, auth: memory, server: nil, memory: memory, client: nil)
            }
        }

        static let profileRequiredCode = "code-for-a-member-without-a-profile"

        /// Makes the next refresh fail for a passing reason (the server down).
        func failNextRefreshForNow() {
            server?.inject(.serverError(status: 503), on: "/api/auth/refresh")
            memory?.failRefresh(with: .rejected(code: "G999", message: "Internal Server Error"))
        }

        /// Makes the next refresh end the session (the refresh token is dead).
        func endSessionAtNextRefresh() {
            server?.expireSessions()
            memory?.failRefresh(with: .sessionExpired)
        }

        func signIn(_ code: String = "code") async throws {
            _ = try await auth.signIn(with: .kakao(authorizationCode: code), remember: true)
            memory?.failRefresh(with: nil)
        }
    }

    static let kinds: [Subject.Kind] = [.engine, .inMemory]

    /// Subscribes, runs `changes`, ends the event streams, then compares every event heard.
    func expectEvents(
        _ expected: [SessionEvent], of kind: Subject.Kind, setUp: (Subject) async throws -> Void = { _ in },
        changes: (Subject) async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let subject = Subject.make(kind)
        try await setUp(subject)
        let stream = subject.auth.sessionEvents()
        try await changes(subject)
        // Every change above has sent its events by now: ending the streams keeps what they buffered.
        subject.client?.shutdown()
        subject.memory?.finishEventStreams()
        var heard: [SessionEvent] = []
        for await event in stream { heard.append(event) }
        #expect(heard.map(Self.name) == expected.map(Self.name), sourceLocation: sourceLocation)
    }

    /// The event without what differs between repositories by design (an error's wording).
    static func name(_ event: SessionEvent) -> String {
        if case .refreshFailed = event { return "refreshFailed" }
        return String(describing: event)
    }

    // MARK: - The cases

    @Test(arguments: kinds)
    func restore_withNothingStored_isRestoredSignedOut(_ kind: Subject.Kind) async throws {
        try await expectEvents([.restored(.signedOut(.noSession)), .signedIn], of: kind) { subject in
            _ = await subject.auth.restoreSession()
            try await subject.signIn()
        }
    }

    @Test(arguments: kinds)
    func signIn_thenANewSubscriberHearsTheStateFirst(_ kind: Subject.Kind) async throws {
        try await expectEvents(
            [.initialState(.signedIn), .signedOut(.loggedOut)], of: kind,
            setUp: { subject in try await subject.signIn() },
            changes: { subject in try await subject.auth.signOut(deviceToken: nil) })
    }

    /// (Ended by a restore rather than a logout: the server answers a logout E009 while the profile
    /// is required, which the engine reports as `serverNotToldOfLogout` and the in-memory one cannot know.)
    @Test(arguments: kinds)
    func signIn_withoutAProfile_isProfileRequired(_ kind: Subject.Kind) async throws {
        try await expectEvents([.profileRequired, .restored(.profileRequired)], of: kind) { subject in
            try await subject.signIn(Subject.profileRequiredCode)
            _ = await subject.auth.restoreSession()
        }
    }

    @Test(arguments: kinds)
    func signIn_overASession_endsTheOldOneFirst(_ kind: Subject.Kind) async throws {
        try await expectEvents([.signedIn, .signedOut(.loggedOut), .signedIn], of: kind) { subject in
            try await subject.signIn()
            try await subject.signIn("another-code")
        }
    }

    @Test(arguments: kinds)
    func refresh_startsRenewsAndEnds(_ kind: Subject.Kind) async throws {
        try await expectEvents(
            [.initialState(.signedIn), .refreshStarted, .tokensRefreshed, .refreshEnded, .signedOut(.loggedOut)],
            of: kind, setUp: { subject in try await subject.signIn() },
            changes: { subject in
                _ = try await subject.auth.refreshSession()
                try await subject.auth.signOut(deviceToken: nil)
            })
    }

    @Test(arguments: kinds)
    func refresh_thatFailsForNow_isReportedInsideTheRefresh(_ kind: Subject.Kind) async throws {
        try await expectEvents(
            [
                .initialState(.signedIn), .refreshStarted,
                .refreshFailed(.rejected(code: "G999", message: "")), .refreshEnded, .signedOut(.loggedOut),
            ], of: kind, setUp: { subject in try await subject.signIn() },
            changes: { subject in
                subject.failNextRefreshForNow()
                _ = try? await subject.auth.refreshSession()
                try await subject.auth.signOut(deviceToken: nil)
            })
    }

    @Test(arguments: kinds)
    func refresh_thatEndsTheSession_endsTheRefreshFirst(_ kind: Subject.Kind) async throws {
        try await expectEvents(
            [.initialState(.signedIn), .refreshStarted, .refreshEnded, .signedOut(.sessionExpired), .signedIn],
            of: kind, setUp: { subject in try await subject.signIn() },
            changes: { subject in
                subject.endSessionAtNextRefresh()
                _ = try? await subject.auth.refreshSession()
                try await subject.signIn()
            })
    }

    @Test(arguments: kinds)
    func withdrawal_isSignedOutWithdrawn(_ kind: Subject.Kind) async throws {
        try await expectEvents(
            [.initialState(.signedIn), .signedOut(.withdrawn), .profileRequired], of: kind,
            setUp: { subject in try await subject.signIn() },
            changes: { subject in
                try await subject.auth.withdraw()
                try await subject.signIn(Subject.profileRequiredCode)
            })
    }
}
