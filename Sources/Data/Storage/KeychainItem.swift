package import Foundation
import WoteLocked

/// The stored session's one Keychain item: reads, writes and deletes it through ``KeychainCalls``
/// and decides what each status means. Compiled and tested on every platform; only the four calls
/// are Apple's.
///
/// **A Mac app without a provisioning profile** has no keychain entitlement, and the data
/// protection keychain refuses it every write with `errSecMissingEntitlement` (-34018, TN3137)
/// while its searches answer "not found" (Apple's own `KeychainEntitlementsTest`). So before the
/// first call, an item in the data protection keychain without an explicit access group asks
/// once whether the process may write there: it deletes an item that is never written (its account
/// with ``entitlementProbeSuffix``). -34018 means no: the item then lives in the file-based
/// keychain for the life of this value, as for a command-line tool. With an explicit access group,
/// -34018 means the group is missing from the entitlements, and is reported as such.
package struct KeychainItem: Sendable {
    /// Which keychain holds the item, once known.
    private enum Placement: Sendable {
        case undecided
        case dataProtection
        case fileBased
    }

    /// The query that identifies the item, as configured.
    package let identity: KeychainQuery
    /// The accessibility class the item is written with.
    package let accessibility: KeychainAccessibility
    private let calls: KeychainCalls
    private let placement: Locked<Placement>

    /// Appended to the account of the item the entitlement probe deletes (and never writes).
    package static let entitlementProbeSuffix = ".wote-entitlement-probe"

    private let onFallback: @Sendable () -> Void

    /// - Parameter onFallback: called once when the data protection keychain refuses this process
    ///   and the item moves to the file-based keychain.
    package init(
        identity: KeychainQuery, accessibility: KeychainAccessibility, calls: KeychainCalls,
        onFallback: @escaping @Sendable () -> Void = {}
    ) {
        self.identity = identity
        self.accessibility = accessibility
        self.calls = calls
        self.onFallback = onFallback
        placement = Locked(Self.canFallBack(identity) ? .undecided : .dataProtection)
    }

    /// Whether a file-based keychain exists beside the data protection keychain: macOS and Mac
    /// Catalyst (Apple: `kSecUseDataProtectionKeychain` matters only there), and platforms without the
    /// Security framework, where the emulation tests this logic. Elsewhere the probe is not compiled.
    #if os(macOS) || targetEnvironment(macCatalyst) || !canImport(Security)
    package static let hasFileBasedKeychain = true
    #else
    package static let hasFileBasedKeychain = false
    #endif

    /// Whether the item may live in either keychain: the data protection keychain without an explicit
    /// access group, where a file-based keychain exists.
    private static func canFallBack(_ identity: KeychainQuery) -> Bool {
        hasFileBasedKeychain && identity.useDataProtectionKeychain && identity.accessGroup == nil
    }

    /// Whether the data protection keychain refused this process (`errSecMissingEntitlement`) and
    /// the item lives in the file-based keychain instead.
    package var usesFileBasedKeychain: Bool { placement.current == .fileBased }

    /// The query for the keychain that holds the item: asks the data protection keychain once
    /// whether this process may write there, when that is still unknown.
    private func resolvedIdentity() -> KeychainQuery {
        #if os(macOS) || targetEnvironment(macCatalyst) || !canImport(Security)
        var fellBack = false
        let known = placement.withLock { current in
            if current == .undecided {
                var probe = identity
                probe.account += Self.entitlementProbeSuffix
                switch calls.delete(probe) {
                case .missingEntitlement:
                    current = .fileBased
                    fellBack = true
                case .success, .itemNotFound: current = .dataProtection
                default: break  // locked, or another refusal: ask again next time
                }
            }
            return current
        }
        if fellBack { onFallback() }
        guard known == .fileBased else { return identity }
        var fileBased = identity
        fileBased.useDataProtectionKeychain = false
        return fileBased
        #else
        return identity
        #endif
    }

    /// The item's data.
    ///
    /// - Returns: the data, or `nil` when there is no item.
    /// - Throws: ``KeychainError``: the status of a refused read, or ``KeychainError/noData``.
    package func read() throws(KeychainError) -> Data? {
        var query = resolvedIdentity()
        query.returnsData = true
        let result = calls.copyMatching(query)
        switch result.status {
        case .success:
            guard let data = result.data else { throw .noData }
            return data
        case .itemNotFound:
            return nil
        default:
            throw .status(result.status, while: .reading)
        }
    }

    /// Replaces the item's data, creating the item when there is none.
    ///
    /// Update first; when there is no item, add it; when the add finds a duplicate (another process
    /// sharing the access group added it in between), update again.
    ///
    /// - Throws: ``KeychainError`` with the status of the call that failed.
    package func write(_ data: Data) throws(KeychainError) {
        let identity = resolvedIdentity()
        let attributes = KeychainAttributes(valueData: data, accessibility: accessibility)
        var status = calls.update(identity, attributes)
        if status == .itemNotFound {
            var item = identity
            item.accessibility = accessibility
            item.valueData = data
            status = calls.add(item)
            if status == .duplicateItem {
                status = calls.update(identity, attributes)
            }
        }
        guard status == .success else { throw .status(status, while: .writing) }
    }

    /// Adds the item unless it exists (`SecItemAdd` alone: a duplicate is left as it is).
    ///
    /// - Returns: `false`, writing nothing, when the item already exists.
    /// - Throws: ``KeychainError`` with the status of a refused add.
    package func createIfAbsent(_ data: Data) throws(KeychainError) -> Bool {
        var item = resolvedIdentity()
        item.accessibility = accessibility
        item.valueData = data
        let status = calls.add(item)
        if status == .duplicateItem { return false }
        guard status == .success else { throw .status(status, while: .writing) }
        return true
    }

    /// Deletes the item; succeeds when there is none.
    ///
    /// - Throws: ``KeychainError`` with the status of a refused delete.
    ///
    /// Where the item may live in either keychain, the other one's item goes too (a version of the
    /// app with a provisioning profile and one without each kept the session in its own keychain),
    /// so no refresh token is left behind. The data protection keychain refusing a process without
    /// the entitlement (-34018) is not an error there.
    package func delete() throws(KeychainError) {
        let identity = resolvedIdentity()
        let status = calls.delete(identity)
        guard status == .success || status == .itemNotFound else { throw .status(status, while: .deleting) }
        guard Self.canFallBack(self.identity) else { return }
        var other = identity
        other.useDataProtectionKeychain.toggle()
        let otherStatus = calls.delete(other)
        guard otherStatus == .success || otherStatus == .itemNotFound || otherStatus == .missingEntitlement else {
            throw .status(otherStatus, while: .deleting)
        }
    }
}
