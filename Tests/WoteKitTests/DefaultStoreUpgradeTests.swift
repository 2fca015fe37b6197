import Foundation
import Testing
import WoteKit
import WoteKitTesting
import WoteTestSupport

/// An upgrade of an app keeps its person signed in: the default store moves from where an earlier
/// version kept it, and a store a newer version wrote is "storage unavailable", never a sign-out.
@Suite struct DefaultStoreUpgradeTests {
    static let production = URL(string: "https://api.wote.example")!

    static func session() -> StoredSession {
        StoredSession(
            tokens: TokenPair(
                accessToken: "upgrade-access", refreshToken: "upgrade-refresh",
                accessTokenExpiresAt: Date.now.addingTimeInterval(3_600), refreshTokenExpiresAt: nil,
                accessTokenIssuedAt: Date.now.addingTimeInterval(-60)),
            profileCompleted: true, origin: "https://api.wote.example:443", receivedAt: .now)
    }

    static func client(_ storage: any TokenStorage, _ stub: StubTransport) -> WoteClient {
        WoteClient(configuration: WoteConfiguration(baseURL: production, storage: storage, transport: stub.transport))
    }

    @Test func upgrade_fromTheWoteFolder_toTheProgramsFolder_restoresSignedIn_withoutNetwork() async throws {
        let directory = try TemporaryDirectory()
        let former = directory.url.appending(path: "wote/https_api.wote.example_443/session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session())
        let store = WoteConfiguration.defaultFileStore(
            for: Self.production, appName: "my-server", stateRoot: directory.url)
        #expect(store.fileURL == directory.url.appending(path: "my-server/https_api.wote.example_443/session.json"))

        let stub = StubTransport { _ in .failure(.network("no network in this test")) }
        let snapshot = await Self.client(store, stub).restoreSession()

        #expect(snapshot.state == .signedIn)
        #expect(stub.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: former.path(percentEncoded: false)))
        #expect(try await FileTokenStorage(fileURL: store.fileURL).load()?.tokens.refreshToken == "upgrade-refresh")
    }

    @Test func aStoreANewerVersionWrote_isStorageUnavailable_andNoLogoutOrWipeTouchesIt() async throws {
        let directory = try TemporaryDirectory()
        let store = WoteConfiguration.defaultFileStore(
            for: Self.production, appName: "my-server", stateRoot: directory.url)
        let newer = Data(#"{"version":2,"session":{"refreshToken":"kept"}}"#.utf8)
        try FileManager.default.createDirectory(
            at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try newer.write(to: store.fileURL)

        let stub = StubTransport { _ in .failure(.network("no network in this test")) }
        let wote = Self.client(store, stub)
        let snapshot = await wote.restoreSession()

        guard case .storageUnavailable(let reason) = snapshot.state else {
            Issue.record("expected storageUnavailable, got \(snapshot.state)")
            return
        }
        #expect(reason.contains("written by a newer version of WoteKit"))
        try? await wote.logout()
        try? await wote.wipeStoredSession()
        #expect(try Data(contentsOf: store.fileURL) == newer)
        #expect(stub.requests.isEmpty)
    }
}
