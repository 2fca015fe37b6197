import Foundation
import WoteData
import WoteDomain
import WoteLocked

/// A faithful stand-in for the Keychain's `SecItem…` semantics, for the Keychain store's tests.
///
/// One ``Database`` is the device's Keychain; each ``App`` is a process with its own entitlements
/// (the access groups it may use, the first being its default) that calls into it:
/// - items are keyed by class, service, account, access group, `synchronizable` and which keychain
///   (data protection or the macOS file-based one);
/// - add of an existing key is `errSecDuplicateItem`; update, copy and delete of a missing item are
///   `errSecItemNotFound`;
/// - a query without an access group adds to the app's default group and searches every group the
///   app is entitled to; a group the app is not entitled to is `errSecMissingEntitlement`;
/// - a process with no keychain entitlement at all (`app(accessGroups: [])`, a Mac app without a
///   provisioning profile) gets `errSecMissingEntitlement` from every add, update and delete in the
///   data protection keychain, while its searches find nothing (Apple's `KeychainEntitlementsTest`,
///   `testNoEntitlements`);
/// - the macOS file-based keychain (`useDataProtectionKeychain` false) has no access groups: every
///   process reaches its items;
/// - while ``Database/isLocked`` every call is `errSecInteractionNotAllowed`;
/// - every query is recorded, so tests can read exactly what was asked.
///
/// It lives in the tests, not in `WoteKitTesting`: apps cannot inject Keychain calls (the seam is
/// `package`), so there is nothing in it an app could use.
final class KeychainEmulation: Sendable {
    struct Key: Hashable {
        var itemClass: KeychainQuery.ItemClass
        var service: String
        var account: String
        var accessGroup: String
        var synchronizable: Bool
        var dataProtectionKeychain: Bool
    }

    struct Item: Equatable {
        var data: Data
        var accessibility: KeychainAccessibility?
    }

    enum Call: Equatable {
        case add(KeychainQuery)
        case copyMatching(KeychainQuery)
        case update(KeychainQuery, KeychainAttributes)
        case delete(KeychainQuery)
    }

    private struct State {
        var items: [Key: Item] = [:]
        var isLocked = false
        var calls: [Call] = []
        var beforeNextAdd: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    /// Every item, as the device holds it.
    var items: [Key: Item] { state.current.items }

    /// Every call made, in order.
    var calls: [Call] { state.current.calls }

    /// Before the first unlock: every call answers `errSecInteractionNotAllowed`.
    var isLocked: Bool {
        get { state.current.isLocked }
        set { state.withLock { $0.isLocked = newValue } }
    }

    /// Runs `action` once, at the start of the next add, as another process would between this
    /// process's update and add.
    func beforeNextAdd(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.beforeNextAdd = action }
    }

    /// The calls of a process entitled to `accessGroups` (the first is its default group).
    func app(accessGroups: [String] = ["TEAMID.com.example.app"]) -> KeychainCalls {
        let groups = accessGroups
        return KeychainCalls(
            add: { self.add($0, groups: groups) },
            copyMatching: { self.copyMatching($0, groups: groups) },
            update: { self.update($0, $1, groups: groups) },
            delete: { self.delete($0, groups: groups) })
    }

    // MARK: - The four calls

    private func add(_ query: KeychainQuery, groups: [String]) -> KeychainStatus {
        let hook = state.withLock { state in
            state.calls.append(.add(query))
            defer { state.beforeNextAdd = nil }
            return state.beforeNextAdd
        }
        hook?()
        return state.withLock { state in
            if state.isLocked { return .interactionNotAllowed }
            guard let group = Self.groupAdded(by: query, groups: groups) else { return .missingEntitlement }
            let key = Key(
                itemClass: query.itemClass, service: query.service, account: query.account, accessGroup: group,
                synchronizable: query.synchronizable, dataProtectionKeychain: query.useDataProtectionKeychain)
            guard state.items[key] == nil else { return .duplicateItem }
            guard let data = query.valueData else { return KeychainStatus(rawValue: -50) }  // errSecParam
            state.items[key] = Item(data: data, accessibility: query.accessibility)
            return .success
        }
    }

    private func copyMatching(_ query: KeychainQuery, groups: [String]) -> KeychainCalls.CopyResult {
        state.withLock { state in
            state.calls.append(.copyMatching(query))
            if let refusal = Self.refusal(query, groups: groups, writing: false, in: state) {
                return .init(status: refusal)
            }
            guard let key = Self.matches(query, groups: groups, in: state).first, let item = state.items[key] else {
                return .init(status: .itemNotFound)
            }
            return .init(status: .success, data: query.returnsData ? item.data : nil)
        }
    }

    private func update(_ query: KeychainQuery, _ attributes: KeychainAttributes, groups: [String]) -> KeychainStatus {
        state.withLock { state in
            state.calls.append(.update(query, attributes))
            if let refusal = Self.refusal(query, groups: groups, writing: true, in: state) { return refusal }
            let keys = Self.matches(query, groups: groups, in: state)
            guard !keys.isEmpty else { return .itemNotFound }
            for key in keys {
                state.items[key] = Item(data: attributes.valueData, accessibility: attributes.accessibility)
            }
            return .success
        }
    }

    private func delete(_ query: KeychainQuery, groups: [String]) -> KeychainStatus {
        state.withLock { state in
            state.calls.append(.delete(query))
            if let refusal = Self.refusal(query, groups: groups, writing: true, in: state) { return refusal }
            let keys = Self.matches(query, groups: groups, in: state)
            guard !keys.isEmpty else { return .itemNotFound }
            for key in keys { state.items[key] = nil }
            return .success
        }
    }

    /// The group an add puts the item in: the query's, else the app's default; `nil` when the app
    /// is not entitled to it. The file-based keychain has no groups (`""`).
    private static func groupAdded(by query: KeychainQuery, groups: [String]) -> String? {
        guard query.useDataProtectionKeychain else { return "" }
        guard let group = query.accessGroup ?? groups.first, groups.contains(group) else { return nil }
        return group
    }

    /// The status that stops a call before it looks: locked, a group the app is not entitled to, or
    /// a change of the data protection keychain by a process without any keychain entitlement.
    private static func refusal(_ query: KeychainQuery, groups: [String], writing: Bool, in state: State)
        -> KeychainStatus?
    {
        if state.isLocked { return .interactionNotAllowed }
        guard query.useDataProtectionKeychain else { return nil }
        if let group = query.accessGroup, !groups.contains(group) { return .missingEntitlement }
        if writing && groups.isEmpty { return .missingEntitlement }
        return nil
    }

    /// The keys a search query matches, in a stable order.
    private static func matches(_ query: KeychainQuery, groups: [String], in state: State) -> [Key] {
        let visible = query.useDataProtectionKeychain ? query.accessGroup.map { [$0] } ?? groups : [""]
        return state.items.keys.filter { key in
            key.itemClass == query.itemClass && key.service == query.service && key.account == query.account
                && visible.contains(key.accessGroup) && key.synchronizable == query.synchronizable
                && key.dataProtectionKeychain == query.useDataProtectionKeychain
        }
        .sorted { $0.accessGroup < $1.accessGroup }
    }
}
