import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

/// Each move of the default store WoteKit has made (Fixtures/StoreFormats/README.md): the session moves
/// to the new place at the first read, the old entry goes, and nothing else is touched.
@Suite(.timeLimit(.minutes(1))) struct StoreLocationMoveTests {
    static let origin = "https://api.wote.example:443"
    static let folder = "https_api.wote.example_443"

    let directory: TemporaryDirectory
    var root: URL { directory.url.appendingPathComponent("state") }

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// `session` of `origin` (nil: stored before origins were recorded).
    static func session(origin: String? = origin, access: String = "moved-access") -> StoredSession {
        var session = StoredSession.fixture(access: access)
        session.origin = origin
        return session
    }

    /// The default file store of the program `appName`, with its state under ``root``.
    func defaultFileStore(appName: String) -> FileTokenStorage {
        DefaultStoreHistory.fileStore(
            at: file(appName, Self.folder, "session.json"), stateRoot: root, originFolder: Self.folder,
            appName: appName, origin: Self.origin)
    }

    func file(_ components: String...) -> URL {
        components.reduce(root) { $0.appendingPathComponent($1) }
    }

    func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path(percentEncoded: false))
    }

    // MARK: - The Linux folder

    @Test func formerFiles_areTheFoldersEarlierVersionsUsed_mostRecentFirst() {
        let current = file("my-server", Self.folder, "session.json")
        let places = DefaultStoreHistory.formerStoreFiles(
            of: current, stateRoot: root, originFolder: Self.folder, appName: "my-server")
        #expect(
            places.map(\.url) == [
                file("wote", Self.folder, "session.json"), file("my-server", "session.json"),
                file("wote", "session.json"),
            ])
        #expect(places.map(\.onlyWithoutOrigin) == [false, false, true])
        // A program named wote: its per-origin file never moved.
        let wote = DefaultStoreHistory.formerStoreFiles(
            of: file("wote", Self.folder, "session.json"), stateRoot: root, originFolder: Self.folder, appName: "wote")
        #expect(wote.map(\.url) == [file("wote", "session.json")])
    }

    @Test func move_fromTheWoteFolderPerOrigin_toTheProgramsFolder() async throws {
        // 26d02b7 to 699182f: `<state>/wote/<origin>/session.json` whatever the program.
        let former = file("wote", Self.folder, "session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session())

        let store = defaultFileStore(appName: "my-server")
        #expect(try await store.load() == Self.session())

        #expect(!exists(former))
        #expect(permissions(of: store.fileURL) == 0o600)
        #expect(try await FileTokenStorage(fileURL: store.fileURL).load() == Self.session())
    }

    @Test func move_fromTheSharedWoteFile_ofASessionStoredBeforeOrigins() async throws {
        // d2d7709 to 26d02b7: `<state>/wote/session.json`, no origin recorded yet.
        let former = file("wote", "session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session(origin: nil))

        let store = defaultFileStore(appName: "my-server")
        #expect(try await store.load() == Self.session(origin: nil))
        #expect(!exists(former))
        #expect(try await FileTokenStorage(fileURL: store.fileURL).load() == Self.session(origin: nil))
    }

    @Test func theTerminalFrontsOwnFile_withAnOrigin_staysWhereItIs() async throws {
        // `<state>/wote/session.json` is also the terminal front's store today; it records origins.
        let front = file("wote", "session.json")
        try await FileTokenStorage(fileURL: front).save(Self.session())
        let before = try Data(contentsOf: front)

        #expect(try await defaultFileStore(appName: "my-server").load() == nil)
        #expect(try Data(contentsOf: front) == before)
    }

    @Test func anotherOriginsSession_staysWhereItIs() async throws {
        let former = file("wote", Self.folder, "session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session(origin: "https://staging.wote.example:443"))
        let before = try Data(contentsOf: former)

        #expect(try await defaultFileStore(appName: "my-server").load() == nil)
        #expect(try Data(contentsOf: former) == before)
    }

    @Test func aSessionAlreadyAtTheNewPlace_wins_andTheFormerOneIsNotRead() async throws {
        let former = file("wote", Self.folder, "session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session(access: "older"))
        let store = defaultFileStore(appName: "my-server")
        try await FileTokenStorage(fileURL: store.fileURL).save(Self.session(access: "newer"))

        #expect(try await store.load() == Self.session(access: "newer"))
        #expect(try await FileTokenStorage(fileURL: former).load() == Self.session(access: "older"))
    }

    @Test func createIfAbsent_neverOverwrites_aSessionAnotherProcessPutThere() async throws {
        let store = defaultFileStore(appName: "my-server")
        #expect(try store.createIfAbsent(Self.session(access: "first")))
        #expect(try store.createIfAbsent(Self.session(access: "second")) == false)
        #expect(try await FileTokenStorage(fileURL: store.fileURL).load() == Self.session(access: "first"))
        // No temporary file is left beside it.
        #expect(try directory.contents(of: store.fileURL.deletingLastPathComponent()) == ["session.json"])
    }

    @Test func aFormerPlaceWrittenByANewerVersion_isLeftAlone_andNothingMoves() async throws {
        // A newer version never writes a former place (it would have moved away from it): what is
        // there is not this store's session to wait for, and it is neither read nor removed.
        let former = file("wote", Self.folder, "session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session())
        let newer = Data(#"{"version":2,"session":{}}"#.utf8)
        try newer.write(to: former)

        #expect(try await defaultFileStore(appName: "my-server").load() == nil)
        #expect(try Data(contentsOf: former) == newer)
    }

    @Test func aFormerPlaceThatCannotBeRead_isUnavailable_neverSignedOut_andKept() async throws {
        let former = file("wote", Self.folder, "session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session())
        // A directory where the file should be: the former place exists but cannot be read.
        try FileManager.default.removeItem(at: former)
        try FileManager.default.createDirectory(at: former, withIntermediateDirectories: false)

        do {
            _ = try await defaultFileStore(appName: "my-server").load()
            Issue.record("expected unavailable")
        } catch {
            guard case .unavailable = error else {
                Issue.record("expected unavailable (no sign-out), got \(error)")
                return
            }
        }
        #expect(exists(former))
    }

    @Test func aCorruptedFormerFile_isLeftAlone_andNothingMoves() async throws {
        let former = file("wote", Self.folder, "session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session())
        try Data("garbage".utf8).write(to: former)

        #expect(try await defaultFileStore(appName: "my-server").load() == nil)
        #expect(try Data(contentsOf: former) == Data("garbage".utf8))
    }

    // MARK: - The Keychain service

    let keychain = KeychainEmulation()

    func keychainStore(
        service: String, dataProtection: Bool, appName: String, hasBundleIdentifier: Bool, entitled: [String]
    ) -> KeychainTokenStorage {
        DefaultStoreHistory.keychainStore(
            service: service, useDataProtectionKeychain: dataProtection, origin: Self.origin, appName: appName,
            hasBundleIdentifier: hasBundleIdentifier, calls: keychain.app(accessGroups: entitled))
    }

    func putInKeychain(service: String, dataProtection: Bool, entitled: [String], _ session: StoredSession)
        async throws
    {
        try await KeychainTokenStorage(
            service: service, useDataProtectionKeychain: dataProtection, calls: keychain.app(accessGroups: entitled)
        ).save(session)
    }

    /// Every item's service and keychain, as "service true" (data protection) or "service false".
    var services: Set<String> {
        Set(keychain.items.keys.map { "\($0.service) \($0.dataProtectionKeychain)" })
    }

    @Test func formerKeychainItems_ofAnApp_andOfATool() {
        let app = DefaultStoreHistory.formerKeychainPlaces(
            of: .init(service: "com.example.app/" + Self.origin, useDataProtectionKeychain: true), origin: Self.origin,
            appName: "Example", hasBundleIdentifier: true)
        #expect(
            app.map { "\($0.service) \($0.useDataProtectionKeychain)" } == [
                "Example true", "Example false", "wote true", "wote false",
            ])
        let tool = DefaultStoreHistory.formerKeychainPlaces(
            of: .init(service: "my-tool/" + Self.origin, useDataProtectionKeychain: false), origin: Self.origin,
            appName: "my-tool", hasBundleIdentifier: false)
        #expect(
            tool.map { "\($0.service) \($0.useDataProtectionKeychain)" } == [
                "wote/\(Self.origin) false", "my-tool false", "wote false",
            ])
    }

    @Test(arguments: [false, true])
    func move_fromTheWoteService_toBundleIdentifierAndOrigin(_ formerInDataProtectionKeychain: Bool) async throws {
        // 7fd705f to 26d02b7: service `wote`, first with no data protection flag (macOS: the login
        // keychain), then (24d97df, apple branch) in the data protection keychain.
        let app = ["TEAMID.com.example.app"]
        try await putInKeychain(
            service: "wote", dataProtection: formerInDataProtectionKeychain, entitled: app, Self.session(origin: nil))

        let service = "com.example.app/" + Self.origin
        let store = keychainStore(
            service: service, dataProtection: true, appName: "Example", hasBundleIdentifier: true, entitled: app)
        #expect(try await store.load() == Self.session(origin: nil))
        #expect(services == ["\(service) true"])
        #expect(
            try await KeychainTokenStorage(service: service, calls: keychain.app(accessGroups: app)).load()
                == Self.session(origin: nil))
    }

    @Test func move_ofAToolWithoutBundleIdentifier_fromWotePerOrigin_toTheProgramsName() async throws {
        // 26d02b7 to 699182f: `wote/<origin>` in the login keychain; since then `<program>/<origin>`.
        try await putInKeychain(service: "wote/" + Self.origin, dataProtection: false, entitled: [], Self.session())

        let service = "my-tool/" + Self.origin
        let store = keychainStore(
            service: service, dataProtection: false, appName: "my-tool", hasBundleIdentifier: false, entitled: [])
        #expect(try await store.load() == Self.session())
        #expect(services == ["\(service) false"])
    }

    @Test func keychain_anotherOriginsSession_staysWhereItIs() async throws {
        let app = ["TEAMID.com.example.app"]
        try await putInKeychain(
            service: "wote", dataProtection: true, entitled: app, Self.session(origin: "https://staging.example:443"))
        let store = keychainStore(
            service: "com.example.app/" + Self.origin, dataProtection: true, appName: "Example",
            hasBundleIdentifier: true, entitled: app)
        #expect(try await store.load() == nil)
        #expect(services == ["wote true"])
    }

    @Test func keychain_aSessionAlreadyAtTheNewPlace_isNeverOverwrittenByTheMove() async throws {
        let app = ["TEAMID.com.example.app"]
        let service = "com.example.app/" + Self.origin
        let store = keychainStore(
            service: service, dataProtection: true, appName: "Example", hasBundleIdentifier: true, entitled: app)
        let contents = try JSONEncoder().encode(Self.session(access: "there"))
        #expect(try store.item.createIfAbsent(contents))
        #expect(try store.item.createIfAbsent(JSONEncoder().encode(Self.session(access: "late"))) == false)
        #expect(try await store.load() == Self.session(access: "there"))
    }
}
