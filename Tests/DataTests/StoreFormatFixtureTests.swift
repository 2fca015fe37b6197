import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

/// Every stored format any version of WoteKit has written (Fixtures/StoreFormats, with the commits in
/// its README) still reads, through the file store and the Keychain store, into the session it held;
/// a store a newer version wrote is refused without a sign-out and never replaced or deleted.
@Suite(.timeLimit(.minutes(1))) struct StoreFormatFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let formats = fixtures.appendingPathComponent("StoreFormats")

    /// The session every fixture holds, as far as its format holds it.
    static let session = StoredSession(
        tokens: TokenPair(
            accessToken: "fixture-access-token", refreshToken: "fixture-refresh-token",
            accessTokenExpiresAt: Date(timeIntervalSince1970: 1_795_000_000),
            refreshTokenExpiresAt: Date(timeIntervalSince1970: 1_796_209_600),
            accessTokenIssuedAt: Date(timeIntervalSince1970: 1_794_998_200)),
        profileCompleted: true, appleUserID: "001234.fixture.0123", origin: "https://api.wote.example:443",
        serverClockOffset: 1.5, receivedAt: Date(timeIntervalSince1970: 1_794_998_200.123))

    /// Each past format, with what it holds of ``session``.
    static let pastFormats: [(file: String, holds: StoredSession)] = [
        ("v1-a-tokens.json", without(apple: true, clock: true)),
        ("v1-b-apple-user.json", without(apple: false, clock: true)),
        ("v1-c-origin-clock.json", session),
        ("v1-d-origin-clock-no-apple.json", without(apple: true, clock: false)),
        ("v1-e-refresh-sent.json", sent(without(apple: true, clock: false))),
        ("v1-f-session-id.json", identified(without(apple: true, clock: false))),
        ("v1-g-rotation.json", rotated(identified(without(apple: true, clock: false)))),
    ]

    /// `session` after three refreshes of this version (issue 45: `rotation`).
    static func rotated(_ session: StoredSession) -> StoredSession {
        var session = session
        session.rotation = 3
        return session
    }

    /// The identifier of the fixtures' session (issue 33: `sessionID`).
    static let sessionID = "5E5510A1-0D00-4C4E-9A11-1D5E55100033"

    /// `session` with its identifier, as a sign-in since issue 33 stores it.
    static func identified(_ session: StoredSession) -> StoredSession {
        var session = session
        session.sessionID = sessionID
        return session
    }

    /// `session` with a refresh of its pair sent (and its answer not yet saved) a minute after it was
    /// received (issue 30: `refreshSentAt`).
    static func sent(_ session: StoredSession) -> StoredSession {
        var session = session
        session.refreshSentAt = Date(timeIntervalSince1970: 1_794_998_260)
        return session
    }

    /// ``session`` without its Apple user, and without its origin, clock offset and reception date.
    static func without(apple: Bool, clock: Bool) -> StoredSession {
        var session = session
        if apple { session.appleUserID = nil }
        if clock {
            session.origin = nil
            session.serverClockOffset = nil
            session.receivedAt = nil
        }
        return session
    }

    static func contents(_ file: String) throws -> Data {
        try Data(contentsOf: formats.appendingPathComponent(file))
    }

    static let newerFormat = fixtures.appendingPathComponent("newer-format-v2.json")

    let directory: TemporaryDirectory
    let keychain = KeychainEmulation()

    init() throws {
        directory = try TemporaryDirectory()
    }

    func keychainStore() -> KeychainTokenStorage {
        KeychainTokenStorage(service: "com.example.app/https://api.wote.example:443", calls: keychain.app())
    }

    /// Puts `contents` where the Keychain store keeps its item, as an earlier version wrote it.
    func putInKeychain(_ contents: Data) throws {
        try KeychainItemProbe.write(keychainStore(), data: contents)
    }

    @Test func theFixturesFolder_holdsExactlyTheListedFormats_andItsREADME() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.formats.path(percentEncoded: false))
        #expect(names.sorted() == (Self.pastFormats.map(\.file) + ["README.md"]).sorted())
    }

    @Test(arguments: pastFormats.map(\.file))
    func everyPastFormat_readsFromTheFileStore_intoItsSession(_ file: String) async throws {
        let expected = try #require(Self.pastFormats.first { $0.file == file }?.holds)
        let url = directory.url.appendingPathComponent("session.json")
        try Self.contents(file).write(to: url)
        #expect(try await FileTokenStorage(fileURL: url).load() == expected)
        // The tokens and the profile state are the same session in every format.
        #expect(expected.tokens == Self.session.tokens && expected.profileCompleted == Self.session.profileCompleted)
    }

    @Test(arguments: pastFormats.map(\.file))
    func everyPastFormat_readsFromTheKeychainStore_intoItsSession(_ file: String) async throws {
        let expected = try #require(Self.pastFormats.first { $0.file == file }?.holds)
        try putInKeychain(Self.contents(file))
        #expect(try await keychainStore().load() == expected)
    }

    @Test func todaysEncoder_writesTheNewestFixture_soAFormatChangeNeedsANewFixture() throws {
        func object(_ data: Data) throws -> NSDictionary {
            try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
        }
        let written = try JSONEncoder().encode(Self.session)
        #expect(try object(written) == object(Self.contents("v1-c-origin-clock.json")))
        var notApple = Self.session
        notApple.appleUserID = nil
        #expect(
            try object(JSONEncoder().encode(notApple)) == object(Self.contents("v1-d-origin-clock-no-apple.json")))
        #expect(
            try object(JSONEncoder().encode(Self.identified(notApple)))
                == object(Self.contents("v1-f-session-id.json")))
        #expect(
            try object(JSONEncoder().encode(Self.rotated(Self.identified(notApple))))
                == object(Self.contents("v1-g-rotation.json")))
    }

    @Test func aStoreWithoutAVersion_isCorrupted_asItAlwaysWas() async throws {
        // No version of WoteKit ever wrote one (the README): it is not a session.
        var object = try #require(
            try JSONSerialization.jsonObject(with: Self.contents("v1-a-tokens.json")) as? [String: Any])
        object["version"] = nil
        let url = directory.url.appendingPathComponent("session.json")
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        await #expect {
            _ = try await FileTokenStorage(fileURL: url).load()
        } throws: { error in
            guard case .corrupted = error as? TokenStorageError else { return false }
            return true
        }
    }

    // MARK: - A store a newer version wrote

    @Test func newerFormat_decodesAsNewerFormat_notAsCorrupted() throws {
        #expect(throws: StoredSession.NewerFormat(version: 2)) {
            try JSONDecoder().decode(StoredSession.self, from: Data(contentsOf: Self.newerFormat))
        }
        #expect(StoredSession.newerFormatVersion(in: try Data(contentsOf: Self.newerFormat)) == 2)
        #expect(StoredSession.newerFormatVersion(in: try Self.contents("v1-c-origin-clock.json")) == nil)
        #expect(StoredSession.newerFormatVersion(in: Data("not json".utf8)) == nil)
    }

    @Test func fileStore_newerFormat_isUnavailable_sayingSo_andNeitherSaveNorRemoveTouchesIt() async throws {
        let url = directory.url.appendingPathComponent("session.json")
        let newer = try Data(contentsOf: Self.newerFormat)
        try newer.write(to: url)
        let store = FileTokenStorage(fileURL: url)

        try await expectNewerVersionRefusal { _ = try await store.load() }
        try await expectNewerVersionRefusal { try await store.save(.fixture()) }
        #expect(try Data(contentsOf: url) == newer)
        try await expectNewerVersionRefusal { try await store.remove() }
        #expect(try Data(contentsOf: url) == newer)
        // Nothing beside it either: no temporary file left over.
        #expect(try directory.contents() == ["session.json"])
    }

    @Test func keychainStore_newerFormat_isUnavailable_sayingSo_andNeitherSaveNorRemoveTouchesIt() async throws {
        let newer = try Data(contentsOf: Self.newerFormat)
        try putInKeychain(newer)
        let store = keychainStore()

        try await expectNewerVersionRefusal { _ = try await store.load() }
        try await expectNewerVersionRefusal { try await store.save(.fixture()) }
        #expect(keychain.items.values.map(\.data) == [newer])
        try await expectNewerVersionRefusal { try await store.remove() }
        #expect(keychain.items.values.map(\.data) == [newer])
    }

    @Test func fileStore_olderOrCorruptedContents_areStillReplaced() async throws {
        let url = directory.url.appendingPathComponent("session.json")
        try Data("garbage".utf8).write(to: url)
        let store = FileTokenStorage(fileURL: url)
        try await store.save(.fixture())
        #expect(try await store.load() == .fixture())
        try await store.remove()
        #expect(try await store.load() == nil)
    }

    private func expectNewerVersionRefusal(_ body: () async throws -> Void) async throws {
        do {
            try await body()
            Issue.record("expected the newer version's store to be refused")
        } catch let error as TokenStorageError {
            guard case .unavailable(let reason) = error else {
                Issue.record("expected unavailable (no sign-out), got \(error)")
                return
            }
            #expect(reason.contains("written by a newer version of WoteKit (stored format version 2"))
        }
    }
}
