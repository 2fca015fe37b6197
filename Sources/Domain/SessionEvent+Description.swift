/// An event prints as an app switches over it: `tokensRefreshed`, `signedOut(sessionExpired)`,
/// `restored(profileRequired)`, never with the name of the module that declares it.
extension SessionEvent: CustomStringConvertible, CustomDebugStringConvertible {
    /// The case's name, with its state, reason or error (an error as its own description shows it).
    public var description: String {
        switch self {
        case .initialState(let state): "initialState(\(state))"
        case .restored(let state): "restored(\(state))"
        case .signedIn: "signedIn"
        case .profileRequired: "profileRequired"
        case .refreshStarted: "refreshStarted"
        case .refreshEnded: "refreshEnded"
        case .tokensRefreshed: "tokensRefreshed"
        case .signedOut(let reason): "signedOut(\(reason))"
        case .refreshFailed(let error): "refreshFailed(\(error))"
        // The member's name and school stay out of logs.
        case .profileFetched: "profileFetched"
        case .serverNotToldOfLogout(let error): "serverNotToldOfLogout(\(error))"
        }
    }

    /// The same as ``description``, so an event inside another value prints the same way.
    public var debugDescription: String { description }
}

/// `dump(event)` shows what ``SessionEvent/description`` shows, never the fields under it: a fetched
/// profile's member (name, school, a signed image URL) or an error's server text as it came.
extension SessionEvent: CustomReflectable {
    /// A mirror with the redacted description only.
    public var customMirror: Mirror { Mirror(self, children: ["event": description], displayStyle: .enum) }
}
