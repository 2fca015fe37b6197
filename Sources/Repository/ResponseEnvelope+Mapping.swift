package import WoteDomain

extension ResponseEnvelope {
    /// The domain error this envelope stands for, or `nil` when it is a success.
    ///
    /// Decided from the body, never from the HTTP status alone (§1): the `divisionCode` first, then
    /// the body's `status`.
    ///
    /// | body | error |
    /// |---|---|
    /// | E009 | ``WoteError/profileRequired`` |
    /// | E013 | ``WoteError/nicknameTaken`` |
    /// | E016 | ``WoteError/sessionExpired`` |
    /// | E001 | ``WoteError/memberGone`` |
    /// | E018 | ``WoteError/banned`` |
    /// | A002 | ``WoteError/wrongCredentials`` |
    /// | G999, or any code with body status ≥ 500 | ``WoteError/serverFailure(status:code:message:)`` |
    /// | any other code (E004–E007 still rejected after the one retry, unknown codes) | ``WoteError/rejected(code:message:)`` |
    /// | no code, body status ≥ 500 | ``WoteError/serverFailure(status:code:message:)`` |
    /// | no code, other non-2xx body status | ``WoteError/rejected(code:message:)`` with no code |
    package var domainError: WoteError? {
        guard let code = divisionCode else {
            if (200..<300).contains(status) { return nil }
            if status >= 500 { return .serverFailure(status: status, code: nil, message: message) }
            return .rejected(code: nil, message: message)
        }
        switch code {
        case .signUpNotCompleted: return .profileRequired
        case .nicknameInUse: return .nicknameTaken
        case .invalidRefreshToken: return .sessionExpired
        case .memberNotFound: return .memberGone
        case .bannedMember: return .banned
        case .wrongCredentials: return .wrongCredentials
        case .internalServerError:
            // G999 is documented with body status 500; a server that puts another status beside it
            // still failed, so the status reported is at least 500.
            return .serverFailure(status: max(status, 500), code: code.rawValue, message: message)
        default:
            if status >= 500 { return .serverFailure(status: status, code: code.rawValue, message: message) }
            return .rejected(code: code.rawValue, message: message)
        }
    }

    /// Throws the envelope's ``domainError`` when it is not a success.
    ///
    /// - Throws: the domain error the body stands for.
    package func requireSuccess() throws(WoteError) {
        if let error = domainError { throw error }
    }

    /// The payload of a success envelope.
    ///
    /// - Returns: `data`.
    /// - Throws: the envelope's ``domainError``, or ``WoteError/malformedResponse(_:)`` when a success
    ///   arrived without `data`.
    package func requireData() throws(WoteError) -> Payload {
        try requireSuccess()
        guard let data else {
            throw MalformedResponse(httpStatus: httpStatus, problem: .missingField("data")).toDomain()
        }
        return data
    }
}
