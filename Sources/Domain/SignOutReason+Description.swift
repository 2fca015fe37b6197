/// A sign-out reason prints as an app names it: `sessionExpired`, `storedSessionCorrupted("…")`,
/// never with the name of the module that declares it.
extension SignOutReason: CustomStringConvertible, CustomDebugStringConvertible {
    /// The case's name, and the corruption's reason for `storedSessionCorrupted`.
    public var description: String {
        switch self {
        case .noSession: "noSession"
        case .loggedOut: "loggedOut"
        case .endedElsewhere: "endedElsewhere"
        case .withdrawn: "withdrawn"
        case .sessionExpired: "sessionExpired"
        case .banned: "banned"
        case .memberGone: "memberGone"
        case .storedSessionCorrupted(let reason): "storedSessionCorrupted(\(String(reflecting: reason)))"
        case .appleCredentialRevoked: "appleCredentialRevoked"
        case .refreshAnswerLost: "refreshAnswerLost"
        case .signedOutEverywhere: "signedOutEverywhere"
        case .providerUnlinked: "providerUnlinked"
        }
    }

    /// The same as ``description``, so a reason inside another value prints the same way.
    public var debugDescription: String { description }
}
