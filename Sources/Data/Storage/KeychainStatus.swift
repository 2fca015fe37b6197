/// A Keychain result code (`OSStatus`), with the values WoteKit acts on named.
///
/// An open set, like the server's division codes: a code WoteKit has never seen is still carried,
/// with its number. The numbers are Apple's (`SecBase.h`); this file is their one home.
package struct KeychainStatus: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// `errSecSuccess`.
    package static let success = KeychainStatus(rawValue: 0)
    /// `errSecItemNotFound`: no item matches the query.
    package static let itemNotFound = KeychainStatus(rawValue: -25300)
    /// `errSecDuplicateItem`: an item with the same primary key already exists.
    package static let duplicateItem = KeychainStatus(rawValue: -25299)
    /// `errSecInteractionNotAllowed`: the device has not been unlocked since it started (or the item
    /// needs the device unlocked now); nothing can be read or written until it is.
    package static let interactionNotAllowed = KeychainStatus(rawValue: -25308)
    /// `errSecMissingEntitlement`: the app is not entitled to the access group (or to the Keychain
    /// at all, for example an unsigned build).
    package static let missingEntitlement = KeychainStatus(rawValue: -34018)
    /// `errSecAuthFailed`: the Keychain refused the credentials it asked for.
    package static let authFailed = KeychainStatus(rawValue: -25293)

    /// Apple's name for the code, when it is one WoteKit knows.
    package var name: String? {
        switch self {
        case .success: "errSecSuccess"
        case .itemNotFound: "errSecItemNotFound"
        case .duplicateItem: "errSecDuplicateItem"
        case .interactionNotAllowed: "errSecInteractionNotAllowed"
        case .missingEntitlement: "errSecMissingEntitlement"
        case .authFailed: "errSecAuthFailed"
        default: nil
        }
    }

    /// The name and the number, for messages: `errSecItemNotFound (-25300)` or `OSStatus -50`.
    package var description: String {
        name.map { "\($0) (\(rawValue))" } ?? "OSStatus \(rawValue)"
    }
}
