package import WoteDomain

/// Why a Keychain call for the stored session failed, with the status the Keychain answered.
package enum KeychainError: Error, Sendable, Hashable {
    /// What WoteKit was doing when the Keychain refused.
    package enum Operation: String, Sendable, Hashable {
        case reading
        case writing
        case deleting
    }

    /// The Keychain answered `status` while doing `operation`.
    case status(KeychainStatus, while: Operation)
    /// The item was read but holds no data.
    case noData

    /// The token store's error: every refusal is ``TokenStorageError/unavailable(_:)`` (the item
    /// is kept, never wiped: a locked device must not sign the person out); an item without data is
    /// ``TokenStorageError/corrupted(_:)``.
    package var tokenStorageError: TokenStorageError {
        switch self {
        case .noData:
            return .corrupted("the Keychain item holds no data")
        case .status(let status, let operation):
            let action = "while \(operation.rawValue) the session"
            switch status {
            case .interactionNotAllowed:
                return .unavailable(
                    "the Keychain is locked until the device is unlocked (\(status)) \(action); the session is kept")
            case .missingEntitlement:
                return .unavailable(
                    "the app is not entitled to this Keychain access group (\(status)) \(action): "
                        + "list the group in the keychain-access-groups entitlement of the app and of every "
                        + "extension sharing it; on macOS that entitlement needs a provisioning profile")
            case .authFailed:
                return .unavailable("the Keychain refused access (\(status)) \(action)")
            default:
                return .unavailable("Keychain error \(status) \(action)")
            }
        }
    }
}
