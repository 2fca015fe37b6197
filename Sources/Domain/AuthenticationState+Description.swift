/// A state prints as an app switches over it: `signedIn`, `signedOut(loggedOut)`,
/// `storageUnavailable(reason: "…")`, never with the name of the module that declares it.
extension AuthenticationState: CustomStringConvertible, CustomDebugStringConvertible {
    /// The case's name, with its reason.
    public var description: String {
        switch self {
        case .signedOut(let reason): "signedOut(\(reason))"
        case .profileRequired: "profileRequired"
        case .signedIn: "signedIn"
        case .storageUnavailable(let reason): "storageUnavailable(reason: \(String(reflecting: reason)))"
        }
    }

    /// The same as ``description``, so a state inside another value (a ``SessionSnapshot``, an
    /// array) prints the same way.
    public var debugDescription: String { description }
}
