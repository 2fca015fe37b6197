/// Every failure WoteKit reports to an app, each one something a person or the app can act on.
///
/// A struct rather than an enum, so that WoteKit can add a kind of failure without breaking an app
/// that switches over them. Compare with `==` or switch over ``kind`` with a `default:`:
///
/// ```swift
/// do {
///     try await wote.checkNickname("투표왕")
/// } catch .sessionExpired {
///     route(to: .login)
/// } catch {
///     switch error.kind {
///     case .nicknameTaken: showTaken()
///     case .alreadyVoted: showAlreadyVoted()
///     case .rejected: showAlert("\(error.message) (\(error.code ?? "no code"))")
///     default: showAlert(error.message)
///     }
/// }
/// ```
///
/// ``message`` says it in a sentence a person understands, suitable for an alert; ``code`` is the
/// server's division code when it sent one.
public struct WoteError: Error, Sendable, Hashable {
    /// What kind of failure this is. New kinds may be added: switch over it with a `default:`.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// A stable name, for logs and machine-readable output.
        public let rawValue: String

        /// Creates a kind from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The stable name.
        public var description: String { rawValue }

        /// The action needs a signed-in person and nobody is signed in.
        public static let notSignedIn = Kind(rawValue: "notSignedIn")
        /// The session ended (the refresh token expired or was rejected): sign in again.
        public static let sessionExpired = Kind(rawValue: "sessionExpired")
        /// The profile must be completed before this action.
        public static let profileRequired = Kind(rawValue: "profileRequired")
        /// The action needs a consumer type first (Wote's E019).
        public static let consumerTypeRequired = Kind(rawValue: "consumerTypeRequired")
        /// The nickname belongs to someone else.
        public static let nicknameTaken = Kind(rawValue: "nicknameTaken")
        /// The nickname breaks the nickname rule; see ``WoteError/nicknameViolation``.
        public static let invalidNickname = Kind(rawValue: "invalidNickname")
        /// A sign-up field breaks its rule; see ``WoteError/field``.
        public static let invalidField = Kind(rawValue: "invalidField")
        /// A value given to WoteKit is not acceptable; see ``WoteError/argument``.
        public static let invalidArgument = Kind(rawValue: "invalidArgument")
        /// The ID or password is wrong.
        public static let wrongCredentials = Kind(rawValue: "wrongCredentials")
        /// The member is banned.
        public static let banned = Kind(rawValue: "banned")
        /// The member no longer exists (for example after withdrawal).
        public static let memberGone = Kind(rawValue: "memberGone")
        /// The Sign in with Apple credential was revoked: sign in again.
        public static let appleCredentialRevoked = Kind(rawValue: "appleCredentialRevoked")
        /// The server refused the request; ``WoteError/code`` and ``WoteError/serverMessage`` say how.
        public static let rejected = Kind(rawValue: "rejected")
        /// What the request names does not exist (Wote's E002 for a post, E003 for a comment).
        public static let notFound = Kind(rawValue: "notFound")
        /// The person already voted on this post (Wote's E015); a vote cannot be changed.
        public static let alreadyVoted = Kind(rawValue: "alreadyVoted")
        /// Only someone else may do this, for example the post's author (Wote's G010).
        public static let notAllowed = Kind(rawValue: "notAllowed")
        /// The server found the request itself wrong: a bad page or size (Wote's E008 outside the
        /// token checks), a missing parameter or an unreadable body (G001–G007).
        public static let invalidRequest = Kind(rawValue: "invalidRequest")
        /// The server failed (HTTP or body status 5xx, or G999).
        public static let serverFailure = Kind(rawValue: "serverFailure")
        /// No HTTP answer arrived: offline, connection refused or reset.
        public static let networkUnavailable = Kind(rawValue: "networkUnavailable")
        /// The server did not answer in time.
        public static let timeout = Kind(rawValue: "timeout")
        /// An answer arrived but could not be used.
        public static let malformedResponse = Kind(rawValue: "malformedResponse")
        /// The token store failed.
        public static let storageFailure = Kind(rawValue: "storageFailure")
        /// The server asked for more token refreshes in a short window than WoteKit allows.
        public static let tooManyRefreshes = Kind(rawValue: "tooManyRefreshes")
        /// A request for another origin than the configured API's was refused before anything was sent.
        public static let foreignOrigin = Kind(rawValue: "foreignOrigin")
        /// The caller's task was cancelled (the typed-throws form of `CancellationError`).
        public static let cancelled = Kind(rawValue: "cancelled")
    }

    /// The failure with its details; private so that cases can be added without breaking apps.
    private enum Base: Sendable, Hashable {
        case plain(Kind)
        case invalidNickname(NicknameViolation)
        case invalidField(SignUpField, reason: String)
        case invalidArgument(name: String, reason: String)
        case server(Kind, status: Int?, code: String?, message: String)
        case detail(Kind, String)
    }

    private let base: Base
    /// The division code the server sent with a failure whose kind already says what it means
    /// (E018 beside ``banned``): context for logs and output, not part of the failure's identity.
    private var serverCode: String?

    private init(_ base: Base) { self.base = base }

    /// The same failure, noting the division code the server sent with it. Two failures that
    /// differ only in this code are equal: `.banned` noting E018 is still `== .banned`.
    package func noting(code: String?) -> WoteError {
        var noted = self
        if case .server = base { return noted }
        noted.serverCode = code
        return noted
    }

    /// Equal when the failure and its details are; a noted division code does not count.
    public static func == (lhs: WoteError, rhs: WoteError) -> Bool { lhs.base == rhs.base }

    /// Hashes the failure and its details, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) { hasher.combine(base) }

    /// What kind of failure this is.
    public var kind: Kind {
        switch base {
        case .plain(let kind), .server(let kind, _, _, _), .detail(let kind, _): kind
        case .invalidNickname: .invalidNickname
        case .invalidField: .invalidField
        case .invalidArgument: .invalidArgument
        }
    }

    /// The server's division code (such as E015), when the failure came with one.
    public var code: String? {
        if case .server(_, _, let code, _) = base { return code }
        return serverCode
    }

    /// The HTTP or body status of a server failure, when known.
    public var status: Int? {
        if case .server(_, let status, _, _) = base { return status }
        return nil
    }

    /// The server's own message for a refusal or failure, as it sent it ("" when it sent none).
    public var serverMessage: String? {
        if case .server(_, _, _, let message) = base { return message }
        return nil
    }

    /// What was wrong, for logs: the network failure, the unusable answer, the storage failure.
    /// Never holds a token or a body.
    public var detail: String? {
        switch base {
        case .detail(_, let detail): detail
        case .invalidField(_, let reason), .invalidArgument(_, let reason): reason
        default: nil
        }
    }

    /// Why the nickname was refused, for ``Kind/invalidNickname``.
    public var nicknameViolation: NicknameViolation? {
        if case .invalidNickname(let violation) = base { return violation }
        return nil
    }

    /// The sign-up field that broke its rule, for ``Kind/invalidField``.
    public var field: SignUpField? {
        if case .invalidField(let field, _) = base { return field }
        return nil
    }

    /// The argument that was not acceptable, for ``Kind/invalidArgument``.
    public var argument: String? {
        if case .invalidArgument(let name, _) = base { return name }
        return nil
    }

    // MARK: - The failures

    /// The action needs a signed-in person and nobody is signed in.
    public static let notSignedIn = WoteError(.plain(.notSignedIn))
    /// The session ended (the refresh token expired or was rejected): sign in again.
    public static let sessionExpired = WoteError(.plain(.sessionExpired))
    /// The profile must be completed before this action.
    public static let profileRequired = WoteError(.plain(.profileRequired))
    /// The nickname belongs to someone else.
    public static let nicknameTaken = WoteError(.plain(.nicknameTaken))
    /// The ID or password is wrong.
    public static let wrongCredentials = WoteError(.plain(.wrongCredentials))
    /// The member is banned.
    public static let banned = WoteError(.plain(.banned))
    /// The member no longer exists (for example after withdrawal).
    public static let memberGone = WoteError(.plain(.memberGone))
    /// The Sign in with Apple credential was revoked: sign in again.
    public static let appleCredentialRevoked = WoteError(.plain(.appleCredentialRevoked))
    /// The server did not answer in time.
    public static let timeout = WoteError(.plain(.timeout))
    /// The server asked for more token refreshes in a short window than WoteKit allows; it stopped
    /// instead of looping.
    public static let tooManyRefreshes = WoteError(.plain(.tooManyRefreshes))
    /// The caller's task was cancelled.
    public static let cancelled = WoteError(.plain(.cancelled))

    /// The nickname breaks the nickname rule.
    public static func invalidNickname(_ violation: NicknameViolation) -> WoteError {
        WoteError(.invalidNickname(violation))
    }

    /// A sign-up field breaks its rule; nothing was sent.
    public static func invalidField(_ field: SignUpField, reason: String) -> WoteError {
        WoteError(.invalidField(field, reason: reason))
    }

    /// A value given to WoteKit is not acceptable (for example a device token that is not hex).
    public static func invalidArgument(name: String, reason: String) -> WoteError {
        WoteError(.invalidArgument(name: name, reason: reason))
    }

    /// The server refused the request; `code` is its division code when it sent one.
    public static func rejected(code: String?, message: String) -> WoteError {
        WoteError(.server(.rejected, status: nil, code: code, message: message))
    }

    /// A refusal of a kind of its own (``Kind/consumerTypeRequired``, or one an app defines),
    /// with the server's division code and message.
    public static func refused(_ kind: Kind, code: String?, message: String) -> WoteError {
        WoteError(.server(kind, status: nil, code: code, message: message))
    }

    /// The server failed (HTTP or body status 5xx).
    public static func serverFailure(status: Int, code: String?, message: String) -> WoteError {
        WoteError(.server(.serverFailure, status: status, code: code, message: message))
    }

    /// No HTTP answer arrived: offline, connection refused or reset; `reason` is for logs.
    public static func networkUnavailable(_ reason: String) -> WoteError {
        WoteError(.detail(.networkUnavailable, reason))
    }

    /// An answer arrived but could not be used; `reason` says what was wrong with it.
    public static func malformedResponse(_ reason: String) -> WoteError {
        WoteError(.detail(.malformedResponse, reason))
    }

    /// The token store failed; `reason` says how.
    public static func storageFailure(_ reason: String) -> WoteError {
        WoteError(.detail(.storageFailure, reason))
    }

    /// A request for `origin` was refused: only the configured API's origin gets requests.
    public static func foreignOrigin(_ origin: String) -> WoteError {
        WoteError(.detail(.foreignOrigin, origin))
    }

    /// Whether `error` is this failure, for `catch .sessionExpired` and `case .timeout` patterns.
    public static func ~= (pattern: WoteError, error: WoteError) -> Bool {
        pattern == error
    }
}
