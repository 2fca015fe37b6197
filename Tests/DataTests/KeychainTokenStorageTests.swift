import Foundation
import Testing
import WoteData
import WoteDomain
import WoteTestSupport

/// The Keychain store's logic, against an emulation of the Keychain: the queries it builds, the
/// save path, status mapping, access groups, and the refresh lock shared with extensions.
@Suite(.timeLimit(.minutes(1))) struct KeychainTokenStorageTests {
    let keychain = KeychainEmulation()
    static let group = "TEAMID.com.example.app"
    static let shared = "TEAMID.com.example.shared"

    func storage(
        accessGroup: String? = nil, accessibility: KeychainAccessibility = .afterFirstUnlockThisDeviceOnly,
        dataProtection: Bool = true, entitled: [String] = [group], lockDirectory: URL? = nil,
        onLockContention: (@Sendable () -> Void)? = nil
    ) -> KeychainTokenStorage {
        KeychainTokenStorage(
            service: "com.example.app/https://api.wote.example:443", accessGroup: accessGroup,
            accessibility: accessibility, useDataProtectionKeychain: dataProtection, sharedLockDirectory: lockDirectory,
            calls: keychain.app(accessGroups: entitled), onLockContention: onLockContention)
    }

    // MARK: - Queries and the save path

    @Test func firstSave_addsAGenericPassword_afterFirstUnlockThisDeviceOnly_inTheDataProtectionKeychain_notSynced()
        async throws
    {
        try await storage().save(.fixture())
        guard case .add(let added) = keychain.calls.last else {
            Issue.record("expected an add, got \(keychain.calls)")
            return
        }
        #expect(added.itemClass == .genericPassword)
        #expect(added.service == "com.example.app/https://api.wote.example:443")
        #expect(added.account == "session")
        #expect(added.accessGroup == nil)
        #expect(added.accessibility == .afterFirstUnlockThisDeviceOnly)
        #expect(added.useDataProtectionKeychain)
        #expect(added.synchronizable == false)
        // The entitlement probe (a delete of an item never written), the read that checks no newer
        // version wrote the item, an update that found nothing, then the add.
        #expect(keychain.calls.count == 4)
        #expect(try await storage().load() == .fixture())
    }

    @Test func searchQueries_leaveOutAttributesAndValue_soAnItemWrittenUnderAnotherClassIsStillFound() async throws {
        try await storage(accessibility: .whenUnlocked).save(.fixture(access: "old"))
        let current = storage()
        #expect(try await current.load() == .fixture(access: "old"))
        try await current.save(.fixture(access: "new"))
        for call in keychain.calls {
            switch call {
            case .copyMatching(let query), .delete(let query), .update(let query, _):
                #expect(query.accessibility == nil && query.valueData == nil)
            case .add:
                break
            }
        }
        // The update moved the item to the current accessibility class; there is still one item.
        #expect(keychain.items.count == 1)
        #expect(keychain.items.values.first?.accessibility == .afterFirstUnlockThisDeviceOnly)
        #expect(try await current.load() == .fixture(access: "new"))
    }

    @Test(arguments: KeychainAccessibility.allCases)
    func accessibilityOption_isTheAddedItemsClass(_ accessibility: KeychainAccessibility) async throws {
        try await storage(accessibility: accessibility).save(.fixture())
        #expect(keychain.items.values.map(\.accessibility) == [accessibility])
    }

    @Test func dataProtectionOff_usesTheFileBasedKeychain_whichTheDataProtectionStoreDoesNotSee() async throws {
        try await storage(dataProtection: false).save(.fixture())
        guard case .add(let added) = keychain.calls.last else {
            Issue.record("expected an add")
            return
        }
        #expect(added.useDataProtectionKeychain == false)
        #expect(try await storage(dataProtection: true).load() == nil)
        #expect(try await storage(dataProtection: false).load() == .fixture())
    }

    @Test func secondSave_updatesInPlace_withoutAdding() async throws {
        let store = storage()
        try await store.save(.fixture(access: "first"))
        let callsBefore = keychain.calls.count
        try await store.save(.fixture(access: "second"))
        // The read that checks no newer version wrote the item, then the update.
        let calls = Array(keychain.calls.dropFirst(callsBefore))
        #expect(calls.count == 2)
        #expect(calls.first.map { if case .copyMatching = $0 { true } else { false } } == true)
        #expect(calls.last.map { if case .update = $0 { true } else { false } } == true)
        #expect(try await store.load() == .fixture(access: "second"))
    }

    @Test func save_whenAnotherProcessAddsBetweenUpdateAndAdd_updatesAgain_andKeepsThisSession() async throws {
        let other = storage(entitled: [Self.group])
        keychain.beforeNextAdd {
            // The other process's add wins the race; ours then finds a duplicate.
            _ = try? KeychainItemProbe.write(other, data: Data(#"{"from":"other"}"#.utf8))
        }
        try await storage().save(.fixture(access: "ours"))
        // Ours: the entitlement probe, the newer-version check's read, update (not found), add
        // (duplicate); the other process: the probe, update, add; ours: update again.
        #expect(keychain.calls.count == 8)
        #expect(try await storage().load() == .fixture(access: "ours"))
        #expect(keychain.items.count == 1)
    }

    @Test func remove_deletesTheItem_andSucceedsWhenThereIsNone() async throws {
        let store = storage()
        try await store.save(.fixture())
        try await store.remove()
        #expect(keychain.items.isEmpty)
        try await store.remove()
        #expect(try await store.load() == nil)
    }

    // MARK: - Failures

    @Test func lockedDevice_isUnavailable_forEveryCall_andTheSessionIsKept() async throws {
        let store = storage()
        try await store.save(.fixture())
        keychain.isLocked = true
        let load = await #expect(throws: TokenStorageError.self) { try await store.load() }
        let save = await #expect(throws: TokenStorageError.self) { try await store.save(.fixture(access: "x")) }
        let remove = await #expect(throws: TokenStorageError.self) { try await store.remove() }
        for error in [load, save, remove] {
            #expect(error?.isUnavailable == true)
            #expect(error?.reason.contains("-25308") == true)
        }
        keychain.isLocked = false
        #expect(try await store.load() == .fixture())
    }

    @Test func itemHoldingNoValidSession_isCorrupted() async throws {
        try KeychainItemProbe.write(storage(), data: Data("not json".utf8))
        let error = await #expect(throws: TokenStorageError.self) { try await storage().load() }
        #expect(error?.isCorrupted == true)
    }

    @Test func itemReturningNoData_isCorrupted() async throws {
        let calls = KeychainCalls(
            add: { _ in .success }, copyMatching: { _ in .init(status: .success, data: nil) },
            update: { _, _ in .success }, delete: { _ in .success })
        let store = KeychainTokenStorage(service: "s", calls: calls)
        let error = await #expect(throws: TokenStorageError.self) { try await store.load() }
        #expect(error == .corrupted("the Keychain item holds no data"))
    }

    @Test(arguments: [
        (KeychainStatus.interactionNotAllowed, "errSecInteractionNotAllowed (-25308)"),
        (.missingEntitlement, "errSecMissingEntitlement (-34018)"),
        (.authFailed, "errSecAuthFailed (-25293)"),
        (KeychainStatus(rawValue: -50), "OSStatus -50"),
    ])
    func refusedCalls_areTypedWithTheirStatus_andUnavailable_neverCorrupted(
        _ status: KeychainStatus, _ text: String
    ) async throws {
        let calls = KeychainCalls(
            add: { _ in status }, copyMatching: { _ in .init(status: status) },
            update: { _, _ in .itemNotFound }, delete: { _ in status })
        let item = KeychainItem(
            identity: KeychainQuery(service: "s", account: "a", accessGroup: nil, useDataProtectionKeychain: true),
            accessibility: .afterFirstUnlockThisDeviceOnly, calls: calls)
        #expect(throws: KeychainError.status(status, while: .reading)) { try item.read() }
        #expect(throws: KeychainError.status(status, while: .writing)) { try item.write(Data("x".utf8)) }
        #expect(throws: KeychainError.status(status, while: .deleting)) { try item.delete() }
        let error = KeychainError.status(status, while: .reading).tokenStorageError
        #expect(error.isUnavailable)
        #expect(error.reason.contains(text))
    }

    // MARK: - Access groups

    @Test func itemInOneAccessGroup_isInvisibleFromAnother() async throws {
        try await storage(accessGroup: Self.shared, entitled: [Self.group, Self.shared]).save(.fixture())
        let otherApp = storage(entitled: ["TEAMID.com.example.other"])
        #expect(try await otherApp.load() == nil)
    }

    @Test func unentitledAccessGroup_isMissingEntitlement() async throws {
        let store = storage(accessGroup: Self.shared, entitled: [Self.group])
        let error = await #expect(throws: TokenStorageError.self) { try await store.save(.fixture()) }
        #expect(error?.isUnavailable == true)
        #expect(error?.reason.contains("-34018") == true)
    }

    @Test func appAndExtension_shareTheSessionThroughTheirCommonGroup() async throws {
        let app = storage(accessGroup: Self.shared, entitled: [Self.group, Self.shared])
        let widget = storage(accessGroup: Self.shared, entitled: ["TEAMID.com.example.app.widget", Self.shared])
        try await app.save(.fixture(access: "from app"))
        #expect(try await widget.load() == .fixture(access: "from app"))
        guard case .add(let added) = keychain.calls.first(where: { if case .add = $0 { true } else { false } }) else {
            Issue.record("expected an add")
            return
        }
        #expect(added.accessGroup == Self.shared)
    }

    // MARK: - The refresh lock shared with extensions

    @Test func lockForRefresh_withoutASharedDirectory_guardsNothing() async throws {
        #expect(storage().lockPath == nil)
        let first = try await storage().lockForRefresh()
        let second = try await storage().lockForRefresh()
        first.release()
        second.release()
    }

    @Test func sharedLock_excludesASecondHolder_untilTheFirstReleases() async throws {
        let directory = try TemporaryDirectory()
        let app = storage(accessGroup: Self.shared, entitled: [Self.shared], lockDirectory: directory.url)
        let widget = storage(accessGroup: Self.shared, entitled: [Self.shared], lockDirectory: directory.url)
        #expect(app.lockPath == widget.lockPath)
        try await expectRefreshLockExclusion(
            holder: app,
            waiter: {
                storage(
                    accessGroup: Self.shared, entitled: [Self.shared], lockDirectory: directory.url,
                    onLockContention: $0)
            })
        #expect(permissions(of: URL(fileURLWithPath: try #require(app.lockPath))) == 0o600)
    }
}

/// Writes raw data into a store's item, as another process (or a hand edit) would.
enum KeychainItemProbe {
    static func write(_ storage: KeychainTokenStorage, data: Data) throws {
        try storage.item.write(data)
    }
}
