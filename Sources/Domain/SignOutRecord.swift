public import Foundation

/// Why, when and through which call the session last ended, with the session's last transitions:
/// what an app shows on its support screen or hands to its crash reporter at the next launch.
///
/// WoteKit writes one each time the session ends, beside the token store, so it survives the
/// relaunch most "I was signed out" reports come from. It holds no token and no hash of one: its
/// encoding and its description are safe to log or upload.
///
/// ```swift
/// func supportLines(_ record: SignOutRecord) -> [String] {
///     ["signed out \(record.date): \(record.reason) by \(record.call)"]
///         + record.transitions.map { "\($0.date) \($0.event)" }
/// }
/// ```
public struct SignOutRecord: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The version of this encoding; a record of a later version is not read.
    public static let formatVersion = 1
    /// How many transitions a record keeps, newest last.
    public static let transitionLimit = 20

    /// When the session ended, on the device's wall clock.
    public var date: Date
    /// Why it ended.
    public var reason: SignOutReason
    /// The division code of the server's verdict that ended it (`E016`, `E018`, `E001`); `nil`
    /// when no verdict of the server did.
    public var divisionCode: String?
    /// Which call ended it.
    public var call: SignOutCall
    /// The session's last transitions up to and including the end, oldest first, at most
    /// ``transitionLimit``.
    public var transitions: [SessionTransition]
    /// The identifier of the session that ended (``StoredSession/sessionID``; a random identifier
    /// given at sign-in, no token): while the store still holds that session (its removal could not
    /// be made), a restore, a notice or a relaunch removes it instead of adopting it.
    package var endedSessionID: String?

    /// Creates a record.
    public init(
        date: Date, reason: SignOutReason, divisionCode: String? = nil, call: SignOutCall,
        transitions: [SessionTransition] = []
    ) {
        self.date = date
        self.reason = reason
        self.divisionCode = divisionCode
        self.call = call
        self.transitions = transitions
    }

    /// `signed out at 2026-11-26T20:03:04Z: sessionExpired (E016) by refresh`, then one line per
    /// transition.
    public var description: String {
        var text = "signed out at \(Self.timestamp(date)): \(reason)"
        if let divisionCode { text += " (\(divisionCode))" }
        text += " by \(call.rawValue)"
        for transition in transitions { text += "\n  \(transition)" }
        return text
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    private enum CodingKeys: String, CodingKey {
        case version, date, reason, corruption, divisionCode, call, transitions, session
    }

    /// Reads a record; a later ``formatVersion`` or an unknown reason is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version <= Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "a later record format")
        }
        let name = try container.decode(String.self, forKey: .reason)
        let corruption = try container.decodeIfPresent(String.self, forKey: .corruption)
        guard let reason = SignOutReason(recordName: name, corruption: corruption) else {
            throw DecodingError.dataCorruptedError(forKey: .reason, in: container, debugDescription: "unknown reason")
        }
        self.reason = reason
        date = try container.decode(Date.self, forKey: .date)
        divisionCode = try container.decodeIfPresent(String.self, forKey: .divisionCode)
        call = try container.decode(SignOutCall.self, forKey: .call)
        transitions = try container.decode([SessionTransition].self, forKey: .transitions)
        endedSessionID = try container.decodeIfPresent(String.self, forKey: .session)
    }

    /// Writes the record, its reason by name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(date, forKey: .date)
        if case .storedSessionCorrupted(let corruption) = reason {
            try container.encode("storedSessionCorrupted", forKey: .reason)
            try container.encode(corruption, forKey: .corruption)
        } else {
            try container.encode(reason.description, forKey: .reason)
        }
        try container.encodeIfPresent(divisionCode, forKey: .divisionCode)
        try container.encode(call, forKey: .call)
        try container.encode(transitions, forKey: .transitions)
        try container.encodeIfPresent(endedSessionID, forKey: .session)
    }
}

/// Which call ended a session.
public enum SignOutCall: String, Sendable, Equatable, Codable, CaseIterable {
    /// The person logged out (or the app wiped the stored session).
    case logout
    /// The person deleted the account.
    case withdrawal
    /// A token refresh: the server refused the refresh token, or said the member is banned or gone.
    case refresh
    /// The answer to an authenticated request said the member is banned or gone.
    case requestAnswer
    /// The restore at launch found a stored session it could not make sense of.
    case restore
    /// Another process sharing the store (the app, a widget, an extension) ended it.
    case anotherProcess
    /// Apple's credential check said the Sign in with Apple credential was revoked.
    case appleCredentialCheck
}

/// One change of the session a ``SignOutRecord`` keeps: the event's name, without any detail that
/// could identify a person or replay a session, and when it happened.
public struct SessionTransition: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The event's name, as diagnostics print it (`signedIn`, `refreshStarted`, `signedOut sessionExpired`).
    public var event: String
    /// When it happened, on the device's wall clock.
    public var date: Date

    /// Creates a transition.
    public init(event: String, date: Date) {
        self.event = event
        self.date = date
    }

    /// `2026-11-26T20:03:04Z refreshStarted`.
    public var description: String { "\(SignOutRecord.timestamp(date)) \(event)" }
}

extension SignOutReason {
    /// The reason a record names `name`; `nil` for a name no reason has.
    init?(recordName name: String, corruption: String?) {
        switch name {
        case "noSession": self = .noSession
        case "loggedOut": self = .loggedOut
        case "endedElsewhere": self = .endedElsewhere
        case "withdrawn": self = .withdrawn
        case "sessionExpired": self = .sessionExpired
        case "banned": self = .banned
        case "memberGone": self = .memberGone
        case "storedSessionCorrupted": self = .storedSessionCorrupted(corruption ?? "")
        case "appleCredentialRevoked": self = .appleCredentialRevoked
        case "refreshAnswerLost": self = .refreshAnswerLost
        case "signedOutEverywhere": self = .signedOutEverywhere
        case "providerUnlinked": self = .providerUnlinked
        default: return nil
        }
    }
}
