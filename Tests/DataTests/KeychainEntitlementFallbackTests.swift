import Foundation
import Testing
import WoteData
import WoteDomain
import WoteLocked

/// `errSecMissingEntitlement` (-34018) from the data protection keychain, against the Keychain
/// emulation: a Mac app without a provisioning profile (no keychain entitlement at all) keeps its
/// session in the file-based keychain; a missing access group is reported with how to fix it.
@Suite(.timeLimit(.minutes(1))) struct KeychainEntitlementFallbackTests {
    let keychain = KeychainEmulation()
    static let group = "TEAMID.com.example.app"
    static let shared = "TEAMID.com.example.shared"

    func storage(accessGroup: String? = nil, entitled: [String]) -> KeychainTokenStorage {
        KeychainTokenStorage(
            service: "com.example.app/https://api.wote.example:443", accessGroup: accessGroup,
            calls: keychain.app(accessGroups: entitled))
    }

    @Test func appWithoutKeychainEntitlement_storesTheSessionInTheFileBasedKeychain() async throws {
        let store = storage(entitled: [])
        try await store.save(.fixture())
        #expect(store.item.usesFileBasedKeychain)
        #expect(keychain.items.keys.map(\.dataProtectionKeychain) == [false])
        #expect(try await store.load() == .fixture())
    }

    @Test func appWithoutKeychainEntitlement_findsItsSessionAgainAtTheNextLaunch_andSignsOutForGood() async throws {
        try await storage(entitled: []).save(.fixture(access: "kept"))
        let relaunched = storage(entitled: [])
        #expect(try await relaunched.load() == .fixture(access: "kept"))
        try await relaunched.remove()
        #expect(keychain.items.isEmpty)
        #expect(try await storage(entitled: []).load() == nil)
    }

    /// A new version gains a provisioning profile: the session the old one kept in the file-based
    /// keychain must not outlive a sign-out or a wipe.
    @Test func removeInAnEntitledApp_alsoClearsTheFileBasedKeychain() async throws {
        try await storage(entitled: []).save(.fixture(access: "from the unsigned build"))
        let entitled = storage(entitled: [Self.group])
        try await entitled.save(.fixture())
        try await entitled.remove()
        #expect(keychain.items.isEmpty)
    }

    /// A new version loses its provisioning profile: the data protection item it cannot write is
    /// still deleted where the keychain allows it, and the file-based one is.
    @Test func removeAfterTheFallback_alsoAsksTheDataProtectionKeychain() async throws {
        try await storage(entitled: [Self.group]).save(.fixture(access: "from the signed build"))
        let unsigned = storage(entitled: [])
        try await unsigned.save(.fixture())
        try await unsigned.remove()
        #expect(keychain.items.keys.map(\.dataProtectionKeychain).allSatisfy { $0 })
        let deletes = keychain.calls.filter { call in
            if case .delete(let query) = call { query.account == "session" } else { false }
        }
        #expect(deletes.count == 2)
    }

    @Test func theFallback_isToldToDiagnostics_once() async throws {
        let events = Locked<[DiagnosticEvent]>([])
        let store = KeychainTokenStorage(
            service: "com.example.app/https://api.wote.example:443", calls: keychain.app(accessGroups: []),
            diagnostics: WoteDiagnostics { event in events.withLock { $0.append(event) } })
        try await store.save(.fixture())
        _ = try await store.load()
        #expect(events.current.count == 1)
        #expect(events.current.first?.description.contains("-34018") == true)
        let entitled = Locked<[DiagnosticEvent]>([])
        try await KeychainTokenStorage(
            service: "com.example.app/https://api.wote.example:443", calls: keychain.app(accessGroups: [Self.group]),
            diagnostics: WoteDiagnostics { event in entitled.withLock { $0.append(event) } }
        ).save(.fixture())
        #expect(entitled.current.isEmpty)
    }

    @Test func entitledApp_staysInTheDataProtectionKeychain() async throws {
        let store = storage(entitled: [Self.group])
        try await store.save(.fixture())
        #expect(!store.item.usesFileBasedKeychain)
        #expect(keychain.items.keys.map(\.dataProtectionKeychain) == [true])
    }

    @Test func theProbeNeverWritesAnItem_andAsksOncePerStore() async throws {
        let store = storage(entitled: [])
        try await store.save(.fixture())
        _ = try await store.load()
        try await store.remove()
        let probes = keychain.calls.filter { call in
            if case .delete(let query) = call {
                query.account.hasSuffix(KeychainItem.entitlementProbeSuffix)
            } else {
                false
            }
        }
        #expect(probes.count == 1)
        #expect(keychain.calls.allSatisfy { if case .add(let query) = $0 { query.account == "session" } else { true } })
    }

    @Test func lockedDeviceAtTheFirstCall_decidesAfterTheUnlock() async throws {
        let store = storage(entitled: [])
        keychain.isLocked = true
        let error = await #expect(throws: TokenStorageError.self) { try await store.load() }
        #expect(error?.reason.contains("-25308") == true)
        keychain.isLocked = false
        try await store.save(.fixture())
        #expect(store.item.usesFileBasedKeychain)
    }

    @Test func explicitAccessGroupWithoutEntitlement_doesNotFallBack_andSaysHowToFixIt() async throws {
        let store = storage(accessGroup: Self.shared, entitled: [Self.group])
        let error = await #expect(throws: TokenStorageError.self) { try await store.save(.fixture()) }
        #expect(error?.reason.contains("errSecMissingEntitlement (-34018)") == true)
        #expect(error?.reason.contains("keychain-access-groups entitlement") == true)
        #expect(error?.reason.contains("provisioning profile") == true)
        #expect(!store.item.usesFileBasedKeychain)
        #expect(keychain.items.isEmpty)
    }
}
