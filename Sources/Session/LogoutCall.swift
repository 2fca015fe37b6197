import Foundation
public import WoteData
public import WoteDomain

/// How to tell a backend that the person logs out, so that it forgets the session (and the push
/// token) on its side. ``SessionContract/logout`` holds it; `nil` there means the backend has no
/// such call.
///
/// `logout(deviceToken:)` ends the session here at once, then sends this call with the tokens the
/// session had, within the request time-out: with ``Credential/accessToken``, an access token that
/// has expired is refreshed first (with the refresh call, outside the ended session), and one that
/// the backend rejects is refreshed and the call sent once more. When the backend was not told, or
/// refused, a ``SessionEvent/serverNotToldOfLogout(_:)`` event says why.
///
/// ```swift
/// let logout = LogoutCall(path: "/users/logout", credential: .refreshToken(.bearer))
/// ```
public struct LogoutCall: Sendable {
    /// Which token the call carries.
    public enum Credential: Sendable, Equatable {
        /// `Authorization: Bearer <accessToken>`, refreshed first when it has expired.
        case accessToken
        /// The refresh token, placed as a ``RefreshCall/Placement`` says.
        case refreshToken(RefreshCall.Placement)
    }

    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the base URL.
    public var path: String
    /// Which token the call carries.
    public var credential: Credential
    /// The JSON body field that carries the push device token (`""` when there is none); `nil`
    /// sends no device token. A refresh token placed as ``RefreshCall/Placement/jsonBody(field:)``
    /// goes in the same JSON object.
    public var deviceTokenField: String?
    /// The JSON body field that also names the session's refresh token, whatever ``credential``
    /// the call carries, so that a backend that knows the field ends that sign-in's whole token
    /// family and a copied refresh token no longer renews the session (Wote's `[ext]`
    /// `refreshToken`, Docs/API.md); `nil` (the default) sends none. A backend that ignores
    /// unknown fields is unaffected, and the session ends here whatever the answer.
    ///
    /// ```swift
    /// var logout = LogoutCall(path: "/users/logout", credential: .accessToken)
    /// logout.refreshTokenField = "refreshToken"
    /// ```
    public var refreshTokenField: String?
    /// Reads the answer: `nil` when the backend accepted the logout, else why not. For a call made
    /// with ``init(method:path:credential:deviceTokenField:reading:)``, what its ``reading`` says;
    /// setting it makes the call's answers read by it (and the contract's `classify`) instead.
    public var readAnswer: @Sendable (HTTPResponse) -> WoteError? {
        get {
            guard let reading else { return refusal }
            return { answer in reading(answer).refusal }
        }
        set {
            refusal = newValue
            reading = nil
        }
    }
    /// Reads the answer once, whether the backend rejected the access token included; `nil` when the
    /// call was made with `readAnswer`, whose answers the contract's `classify` reads for a rejected
    /// access token and `readAnswer` for the rest.
    public var reading: (@Sendable (HTTPResponse) -> LogoutAnswer)?
    private var refusal: @Sendable (HTTPResponse) -> WoteError?

    /// Creates a logout call description.
    ///
    /// - Parameters:
    ///   - method: the HTTP method; `POST` by default.
    ///   - path: the path below the base URL.
    ///   - credential: which token the call carries.
    ///   - deviceTokenField: the JSON field for the push device token, or `nil` for none.
    ///   - readAnswer: `nil` when the answer accepts the logout; by default any 2xx status does.
    public init(
        method: HTTPMethod = .post, path: String, credential: Credential, deviceTokenField: String? = nil,
        readAnswer: @escaping @Sendable (HTTPResponse) -> WoteError? = LogoutCall.acceptsAny2xx
    ) {
        self.method = method
        self.path = path
        self.credential = credential
        self.deviceTokenField = deviceTokenField
        self.refusal = readAnswer
        self.reading = nil
    }

    /// Creates a logout call description whose answer is read once: whether the backend accepted
    /// the logout, refused it, or rejected the access token (then it is refreshed and the call sent
    /// once more).
    ///
    /// ```swift
    /// let logout = LogoutCall(path: "/users/logout", credential: .accessToken) { answer in
    ///     switch answer.status {
    ///     case 200..<300: .accepted
    ///     case 401: .accessTokenRejected(.sessionExpired)
    ///     default: .refused(.rejected(code: nil, message: "logout: HTTP \(answer.status)"))
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - method: the HTTP method; `POST` by default.
    ///   - path: the path below the base URL.
    ///   - credential: which token the call carries.
    ///   - deviceTokenField: the JSON field for the push device token, or `nil` for none.
    ///   - reading: what the answer says.
    public init(
        method: HTTPMethod = .post, path: String, credential: Credential, deviceTokenField: String? = nil,
        reading: @escaping @Sendable (HTTPResponse) -> LogoutAnswer
    ) {
        self.method = method
        self.path = path
        self.credential = credential
        self.deviceTokenField = deviceTokenField
        self.refusal = LogoutCall.acceptsAny2xx
        self.reading = reading
    }

    /// The default reading: a 2xx status accepts the logout; any other is
    /// ``WoteError/Kind/rejected``.
    ///
    /// - Parameter answer: the backend's answer.
    /// - Returns: `nil` for a 2xx answer, else the refusal.
    @Sendable public static func acceptsAny2xx(_ answer: HTTPResponse) -> WoteError? {
        (200..<300).contains(answer.status) ? nil : .rejected(code: nil, message: "logout: HTTP \(answer.status)")
    }
}

/// What the answer to a ``LogoutCall`` says, read once.
public enum LogoutAnswer: Sendable, Equatable {
    /// The backend accepted the logout.
    case accepted
    /// The backend did not take the access token (it has expired on the backend's clock): it is
    /// refreshed once and the call sent again; when that cannot be, the backend was not told, for
    /// this reason.
    case accessTokenRejected(WoteError)
    /// The backend refused the logout, for this reason.
    case refused(WoteError)

    /// Why the backend was not told, or `nil` when it accepted the logout.
    public var refusal: WoteError? {
        switch self {
        case .accepted: nil
        case .accessTokenRejected(let error), .refused(let error): error
        }
    }
}

extension LogoutCall {
    /// Reads `answer` once with ``reading``; for a call made with ``readAnswer``, asks `classify`
    /// (the contract's) whether the access token was rejected when `mayRefresh` (a refresh would
    /// follow), else ``readAnswer``.
    package func read(
        _ answer: HTTPResponse, mayRefresh: Bool, classify: (HTTPResponse) -> ProtectedAnswer
    ) -> LogoutAnswer {
        if let reading { return reading(answer) }
        if mayRefresh, classify(answer) == .accessTokenRejected {
            return .accessTokenRejected(.rejected(code: nil, message: "logout: access token rejected"))
        }
        return refusal(answer).map(LogoutAnswer.refused) ?? .accepted
    }
}

extension LogoutCall {
    /// Checks that this call can carry the token it needs, as ``RefreshCall/check(refreshToken:)``
    /// does for the refresh call.
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` naming `logout.path`,
    ///   `logout.credential`, `logout.deviceTokenField` or the token.
    package func check(accessToken: String, refreshToken: String) throws(WoteError) {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else {
            throw .invalidArgument(name: "logout.path", reason: "must start with a single \"/\"")
        }
        if let deviceTokenField, deviceTokenField.isEmpty {
            throw .invalidArgument(name: "logout.deviceTokenField", reason: "the JSON field name is empty")
        }
        if let refreshTokenField, refreshTokenField.isEmpty || refreshTokenField == deviceTokenField {
            throw .invalidArgument(
                name: "logout.refreshTokenField", reason: "the JSON field name is empty or the device token's")
        }
        switch credential {
        case .accessToken:
            try HeaderField.requireValidValue(accessToken, as: "accessToken", subject: "the access token")
        case .refreshToken(let placement):
            // The same rules as the refresh call's placement, named after the logout call.
            let asRefresh = RefreshCall(path: path, placement: placement) { _, _ in .invalid(.loggedOut) }
            do {
                try asRefresh.check(refreshToken: refreshToken)
            } catch {
                throw .invalidArgument(name: "logout.credential", reason: error.message)
            }
        }
    }
}

extension LogoutCall {
    /// This call with the token ``credential`` names where it says, the device token in the JSON
    /// body when there is a ``deviceTokenField``, and the refresh token there too when there is a
    /// ``refreshTokenField``. Wote's (``SessionContract/wote``) is `POST /api/auth/logout`, Bearer,
    /// with JSON `{"deviceToken", "refreshToken"}` ("" when there is no device token), §4.3 and
    /// its `[ext]`.
    ///
    /// - Parameters:
    ///   - accessToken: the access token, for ``Credential/accessToken``.
    ///   - refreshToken: the refresh token, for ``Credential/refreshToken(_:)``.
    ///   - deviceToken: the push device token, if any.
    /// - Returns: the endpoint, and the token to send as `Authorization: Bearer`.
    package func endpoint(
        accessToken: String, refreshToken: String, deviceToken: String?
    ) -> (endpoint: Endpoint, bearer: String?) {
        var fields: [String: String] = [:]
        if let deviceTokenField { fields[deviceTokenField] = deviceToken ?? "" }
        if let refreshTokenField { fields[refreshTokenField] = refreshToken }
        var headers: [String: String] = [:]
        var authorization = Endpoint.Authorization.none
        var bearer: String?
        switch credential {
        case .accessToken:
            (authorization, bearer) = (.bearer, accessToken)
        case .refreshToken(.bearer):
            (authorization, bearer) = (.bearer, refreshToken)
        case .refreshToken(.header(let name, let prefix)):
            headers[name] = prefix + refreshToken
        case .refreshToken(.jsonBody(let field)):
            fields[field] = refreshToken
        }
        guard !fields.isEmpty else {
            return (Endpoint(method: method, path: path, headers: headers, authorization: authorization), bearer)
        }
        var endpoint = Endpoint.json(method, path, fields, authorization: authorization)
        endpoint.headers.merge(headers) { json, _ in json }
        return (endpoint, bearer)
    }
}
