import Foundation
public import WoteDomain
public import WoteKit

/// A hostile condition an app meets in the field, set up in one call on a ``FakeWoteServer`` and a
/// real `WoteClient`, for the app's test to drive its own screens through.
///
/// Each factory documents what the app should see. The client is signed in as
/// ``FakeWoteServer/defaultMember`` (unless the scenario is about launch) and stores its session in
/// ``storage``, a ``TestTokenStorage``.
///
/// ```swift
/// import Testing
/// import WoteKit
/// import WoteKitTesting
///
/// @MainActor @Test func home_survivesA401StormAfterWake() async throws {
///     let scenario = try await WoteScenario.unauthorizedStormAfterWake()
///     let home = scenario.wote.makeHomeViewModel()
///     await home.load()
///     #expect(home.user != nil)
///     #expect(scenario.server.refreshCount == 1)
/// }
/// ```
public struct WoteScenario: Sendable {
    /// The server, for faults, server-side changes and the request log.
    public let server: FakeWoteServer
    /// The clock the client and the server share.
    public let clock: TestClock
    /// The client's token store.
    public let storage: TestTokenStorage
    /// The app's client.
    public let wote: WoteClient
    /// The other process on the same store, for ``anotherProcessLoggedOut()``.
    public let otherProcess: WoteClient?
    /// Where requests are held in flight, for ``accountSwitchWithRequestsInFlight(path:)``.
    public let gate: CallGate?

    /// The member an account switch signs in (``accountSwitchWithRequestsInFlight(path:)``).
    public static let secondMember = "member-2"
    /// The Kakao authorization code that signs ``secondMember`` in.
    public static let secondMemberKakaoCode = "kakao-code-member-2"

    init(
        server: FakeWoteServer, storage: TestTokenStorage = TestTokenStorage(), otherProcess: WoteClient? = nil,
        gate: CallGate? = nil
    ) {
        self.server = server
        self.clock = server.clock
        self.storage = storage
        self.wote = Self.client(of: server, storage: storage)
        self.otherProcess = otherProcess
        self.gate = gate
    }

    /// A client of `server` over `storage`, on the server's clock.
    static func client(of server: FakeWoteServer, storage: some TokenStorage) -> WoteClient {
        WoteClient(
            configuration: WoteConfiguration(
                baseURL: FakeWoteServer.baseURL, storage: storage, transport: server.transport,
                clock: server.clock.clock))
    }

    /// A scenario whose client is signed in, as after a Kakao sign-in.
    static func signedIn(_ server: FakeWoteServer = FakeWoteServer()) async throws(WoteError) -> WoteScenario {
        let scenario = WoteScenario(server: server)
        try await scenario.signIn()
        return scenario
    }

    func signIn() async throws(WoteError) {
        _ = try await wote.beginSession(with: server.issuePair(), profileCompleted: true, remember: true)
    }

    // MARK: The scenarios

    /// **A 401 storm after wake.** The phone slept; the server no longer takes the access token the
    /// app holds, though by the app's clock it is still valid, so every call made on waking is
    /// answered 401 E006 at once.
    ///
    /// What the app should see: every call succeeds after **one** refresh (`server.refreshCount ==
    /// 1`), each rejected call retried once with the new token, and the session stays
    /// ``AuthenticationState/signedIn``; no sign-out, no error.
    public static func unauthorizedStormAfterWake() async throws(WoteError) -> WoteScenario {
        let scenario = try await signedIn()
        scenario.clock.advance(by: .seconds(45 * 60))  // within the token's hour, by the app's clock
        scenario.server.expireAccessTokens()
        return scenario
    }

    /// **A lost refresh answer.** The access token has expired; the next refresh reaches the
    /// server, which rotates the pair, but its answer is lost on the way back (the app went to the
    /// background, the network changed).
    ///
    /// What the app should see depends on the server's `rotation`:
    /// - ``FakeWoteServer/Rotation/lax`` (the real Wote server, the default here) and
    ///   ``FakeWoteServer/Rotation/grace(_:)``: WoteKit sends the same refresh token again
    ///   (`SessionConfiguration.lostAnswerRetry`), gets a pair (the lost one, from a grace server), and
    ///   the call that needed it succeeds; the session stays signed in.
    /// - ``FakeWoteServer/Rotation/strict``: the token sent again is a replaced one, the server
    ///   answers E016 and the session ends, ``SignOutReason/refreshAnswerLost``.
    public static func lostRefreshAnswer(rotation: FakeWoteServer.Rotation = .lax) async throws(WoteError)
        -> WoteScenario
    {
        let scenario = try await signedIn(FakeWoteServer(rotation: rotation))
        scenario.clock.advance(by: .seconds(3600))
        scenario.server.inject(.loseAnswer, on: FakeWoteServer.refreshPath)
        return scenario
    }

    /// **A locked Keychain at launch.** A session is stored, but the store cannot be read (the
    /// device has not been unlocked since it started, and the app was launched in the background).
    /// Nothing is restored yet: the app's launch is the test's to drive.
    ///
    /// What the app should see: the restore ends in
    /// ``AuthenticationState/storageUnavailable(reason:)`` (``LaunchRoute/storageUnavailable(_:)``
    /// for the launch screen), nothing is deleted, and once the store reads again
    /// (`scenario.storage.failLoads(with: nil)`), restoring again signs the person in.
    public static func lockedKeychainAtLaunch() async throws(WoteError) -> WoteScenario {
        let server = FakeWoteServer()
        let storage = TestTokenStorage(session: StoredSession(tokens: server.issuePair(), profileCompleted: true))
        storage.failLoads(with: .unavailable("the Keychain is locked until the device is unlocked"))
        return WoteScenario(server: server, storage: storage)
    }

    /// **The server asks to retry later.** The access token has expired, and the next refresh is
    /// answered HTTP 503 with `Retry-After: 120`; the refresh after it succeeds.
    ///
    /// What the app should see: the call that needed the refresh fails with a passing error
    /// (`WoteError.Kind.serverFailure`), `wote.session.refreshFailure` says so, the session stays
    /// signed in with its tokens kept, and the next call refreshes and succeeds.
    public static func serverAsksToRetryLater() async throws(WoteError) -> WoteScenario {
        let scenario = try await signedIn()
        scenario.clock.advance(by: .seconds(3600))
        scenario.server.inject(.retryAfter(seconds: 120, status: 503), on: FakeWoteServer.refreshPath)
        return scenario
    }

    /// **Another process logged out.** The app and another process (a widget, an extension) share
    /// the store; the other one has logged out: the store is empty and the server has ended the
    /// access token.
    ///
    /// What the app should see: at its next call, the session ends,
    /// ``SignOutReason/endedElsewhere``, with `WoteError.notSignedIn` or the call's own failure; it
    /// never signs back in with the old tokens.
    public static func anotherProcessLoggedOut() async throws(WoteError) -> WoteScenario {
        let server = FakeWoteServer()
        let storage = TestTokenStorage()
        let other = client(of: server, storage: storage)
        let scenario = WoteScenario(server: server, storage: storage, otherProcess: other)
        try await scenario.signIn()
        _ = await other.restoreSession()
        try await other.logout()
        return scenario
    }

    /// **The device clock is off by a day.** The person set the phone's date a day ahead; the
    /// server's clock is right. By the phone's clock, every token the server issues expired long ago.
    ///
    /// What the app should see: calls succeed, without a refresh before each one: WoteKit judges
    /// expiry on the server's clock (its `Date` header and the tokens' `iat`).
    public static func deviceClockOffByADay() async throws(WoteError) -> WoteScenario {
        let server = FakeWoteServer()
        server.clock.setWallClock(to: server.clock.now.addingTimeInterval(86_400))
        server.setServerTimeOffset(.seconds(-86_400))
        let scenario = WoteScenario(server: server)
        _ = try await scenario.wote.login(.kakao("kakao-code"), remember: true)
        return scenario
    }

    /// **A banned member.** The server has banned the signed-in member.
    ///
    /// What the app should see: the next call fails with ``WoteError/banned`` and the session ends,
    /// ``SignOutReason/banned``; the store is emptied.
    public static func bannedMember() async throws(WoteError) -> WoteScenario {
        let scenario = try await signedIn()
        scenario.server.ban(FakeWoteServer.defaultMember)
        return scenario
    }

    /// **An account switch while requests are in flight.** Every request for `path` is held at
    /// ``gate`` until the test opens it. The test starts the first member's calls, waits for them
    /// (`gate.waitForArrivals`), logs out and signs in ``secondMember`` (Kakao code
    /// ``secondMemberKakaoCode``), then opens the gate.
    ///
    /// What the app should see: the first member's calls fail (`WoteError.notSignedIn`, or the
    /// server's rejection of the old token) and none is retried with the second member's token;
    /// the second member stays signed in, with their own tokens in the store.
    public static func accountSwitchWithRequestsInFlight(path: String = "/api/posts") async throws(WoteError)
        -> WoteScenario
    {
        let server = FakeWoteServer()
        server.route(.kakao(secondMemberKakaoCode), to: secondMember)
        let gate = CallGate()
        server.inject(.hold(gate), on: path, times: nil)
        let scenario = WoteScenario(server: server, gate: gate)
        try await scenario.signIn()
        return scenario
    }

    /// **A withdrawal from another device.** The member withdrew on another device: the server has
    /// deleted them.
    ///
    /// What the app should see: the next call fails with ``WoteError/memberGone`` and the session
    /// ends, ``SignOutReason/memberGone``; the store is emptied.
    public static func withdrawnOnAnotherDevice() async throws(WoteError) -> WoteScenario {
        let scenario = try await signedIn()
        scenario.server.deleteMember(FakeWoteServer.defaultMember)
        return scenario
    }
}
