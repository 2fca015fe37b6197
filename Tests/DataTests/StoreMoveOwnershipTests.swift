import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

/// Apple audit 2026-11-28, F6, and engine review 2026-11-28, finding 8: a move of the default store
/// never takes another process's session, and never runs twice.
@Suite(.timeLimit(.minutes(1))) struct StoreMoveOwnershipTests {
    static let origin = "https://api.wote.example:443"
    static let appGroup = "TEAMID.com.example.app"
    static let shared = "TEAMID.com.example.shared"
    static let widgetGroup = "TEAMID.com.example.app.widget"

    let keychain = KeychainEmulation()
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static func session(access: String = "moved-access") -> StoredSession {
        var session = StoredSession.fixture(access: access)
        session.origin = origin
        return session
    }

    /// The old default item (service `wote`) of an app whose first access group is the shared one,
    /// so the item went there, where its widget sees it too.
    func putTheAppsOldSessionInTheSharedGroup() async throws {
        try await KeychainTokenStorage(
            service: "wote", useDataProtectionKeychain: true,
            calls: keychain.app(accessGroups: [Self.shared, Self.appGroup])
        ).save(Self.session())
    }

    @Test func f6_anExtensionsDefaultStore_neverMovesTheAppsSession() async throws {
        try await putTheAppsOldSessionInTheSharedGroup()
        // The widget reloads first after the update, with WoteConfiguration's default store.
        let widget = DefaultStoreHistory.keychainStore(
            service: "com.example.app.widget/" + Self.origin, useDataProtectionKeychain: true, origin: Self.origin,
            appName: "Widget", hasBundleIdentifier: true, isAppExtension: true,
            calls: keychain.app(accessGroups: [Self.shared, Self.widgetGroup]))
        #expect(try await widget.load() == nil)

        // The app, started next, still finds its session and moves it into its own store.
        let app = DefaultStoreHistory.keychainStore(
            service: "com.example.app/" + Self.origin, useDataProtectionKeychain: true, origin: Self.origin,
            appName: "Example", hasBundleIdentifier: true, isAppExtension: false,
            calls: keychain.app(accessGroups: [Self.shared, Self.appGroup]))
        #expect(try await app.load() == Self.session())
    }

    @Test func f6_formerItems_areSearchedInTheAccessGroupOfTheStoreTheyMoveInto() {
        let locations = DefaultStoreHistory.formerKeychainLocations(
            of: .init(service: "com.example.app/" + Self.origin, useDataProtectionKeychain: true), origin: Self.origin,
            appName: "Example", hasBundleIdentifier: true, accessGroup: Self.appGroup,
            calls: keychain.app(accessGroups: [Self.shared, Self.appGroup]))
        #expect(!locations.isEmpty)
        for location in locations {
            #expect((location.store as? KeychainTokenStorage)?.accessGroup == Self.appGroup)
        }
    }

    @Test func f6_anExtensionsDefaultFileStore_movesNothing() async throws {
        let root = directory.url.appending(path: "state")
        let folder = "https_api.wote.example_443"
        let former = root.appending(path: "wote/\(folder)/session.json")
        try await FileTokenStorage(fileURL: former).save(Self.session())
        let extensionStore = DefaultStoreHistory.fileStore(
            at: root.appending(path: "Widget/\(folder)/session.json"), stateRoot: root, originFolder: folder,
            appName: "Widget", origin: Self.origin, isAppExtension: true)
        #expect(try await extensionStore.load() == nil)
        #expect(try await FileTokenStorage(fileURL: former).load() == Self.session())
    }

    @Test func finding8_aStaleFormerCopyWhoseRemovalFailed_isNotMovedBackAfterALogout() async throws {
        let former = FormerStoreLocation(UndeletableStore(session: Self.session(access: "pre-move")))
        let store = directory.url.appending(path: "wote/session.json")
        let here = FileTokenStorage(fileURL: store, onLockContention: nil, movingFrom: [former])
        #expect(try await here.load() == Self.session(access: "pre-move"))  // moved; the former copy stays

        try await here.remove()  // a logout

        #expect(try await here.load() == nil, "the stale former pair was moved back")
        // The next launch (a new instance, the same places) does not move it back either.
        let relaunched = FileTokenStorage(fileURL: store, onLockContention: nil, movingFrom: [former])
        #expect(try await relaunched.load() == nil, "the stale former pair was moved back at relaunch")
    }

    @Test func finding8_theKeychainStoresMove_isRecordedToo() async throws {
        let former = FormerStoreLocation(UndeletableStore(session: Self.session(access: "pre-move")))
        let calls = keychain.app(accessGroups: [Self.appGroup])
        let here = KeychainTokenStorage(service: "com.example.app/" + Self.origin, calls: calls, movingFrom: [former])
        #expect(try await here.load() == Self.session(access: "pre-move"))
        try await here.remove()
        let relaunched = KeychainTokenStorage(
            service: "com.example.app/" + Self.origin, calls: calls, movingFrom: [former])
        #expect(try await relaunched.load() == nil, "the stale former pair was moved back")
    }
}

/// A former place whose removal always fails (a login-keychain item of an older build's ACL, a file
/// in a read-only folder), holding `session`.
private actor UndeletableStore: TokenStorage {
    let session: StoredSession
    init(session: StoredSession) { self.session = session }
    func load() async throws(TokenStorageError) -> StoredSession? { session }
    func save(_ session: StoredSession) async throws(TokenStorageError) {}
    func remove() async throws(TokenStorageError) { throw .unavailable("cannot delete it") }
    nonisolated func lockForRefresh() async throws(TokenStorageError) -> TokenStorageLock { .none }
}
