package import WoteDomain

/// What one Wote answer means, read from its body: the division code first, then the body's
/// `status` (contract §1), never the HTTP status alone.
///
/// The one table of the Wote contract: the session engine, the repositories and an app's own
/// calls all read answers through ``init(status:code:message:)``. A new division code is one line
/// here and one row in the table test.
package enum WoteVerdict: Sendable, Equatable {
    /// A success (no division code, 2xx body status).
    case success
    /// The profile must be completed first (E009): no refresh, no sign-out.
    case profileRequired
    /// The access token was not accepted (E004–E007): refresh once and retry once.
    case accessTokenRejected(code: String)
    /// The session is over: the refresh token is dead (E016), the member is gone (E001) or banned
    /// (E018); `[ext]`: signed out everywhere (X001), unlinked at the provider (X002).
    case sessionEnded(SignOutReason)
    /// Any other failure, as the error the caller gets.
    case failure(WoteError)

    /// Reads a Wote envelope's `status`, `divisionCode` and `message`.
    ///
    /// | body | verdict |
    /// |---|---|
    /// | no code, 2xx status | success |
    /// | E009 | profile required |
    /// | E004, E005, E006, E007 | access token rejected |
    /// | E016 / E001 / E018 | session ended: expired / member gone / banned |
    /// | X001 / X002 (`[ext]`) | session ended: signed out everywhere / provider unlinked |
    /// | E013 | ``WoteError/nicknameTaken`` |
    /// | A002 | ``WoteError/wrongCredentials`` |
    /// | E019 | ``WoteError/Kind/consumerTypeRequired`` with code and message |
    /// | E002, E003 | ``WoteError/Kind/notFound`` |
    /// | E015 | ``WoteError/Kind/alreadyVoted`` |
    /// | G010 | ``WoteError/Kind/notAllowed`` |
    /// | E008 (outside the token checks: a bad page), G001–G007 | ``WoteError/Kind/invalidRequest`` |
    /// | G999, or any code with status ≥ 500, or no code with status ≥ 500 | ``WoteError/serverFailure(status:code:message:)`` |
    /// | any other code (E017, A001, unknown ones), or no code with another status | ``WoteError/rejected(code:message:)`` |
    package init(status: Int, code: String?, message: String) {
        guard let code else {
            if (200..<300).contains(status) {
                self = .success
            } else if status >= 500 {
                self = .failure(.serverFailure(status: status, code: nil, message: message))
            } else {
                self = .failure(.rejected(code: nil, message: message))
            }
            return
        }
        switch DivisionCode(rawValue: code) {
        case .signUpNotCompleted: self = .profileRequired
        case .invalidSignature, .malformedJWT, .expiredJWT, .unsupportedJWT: self = .accessTokenRejected(code: code)
        case .invalidRefreshToken: self = .sessionEnded(.sessionExpired)
        case .memberNotFound: self = .sessionEnded(.memberGone)
        case .bannedMember: self = .sessionEnded(.banned)
        case .signedOutEverywhere: self = .sessionEnded(.signedOutEverywhere)
        case .providerUnlinked: self = .sessionEnded(.providerUnlinked)
        case .nicknameInUse: self = .failure(.nicknameTaken)
        case .wrongCredentials: self = .failure(.wrongCredentials)
        case .consumerTypeNotFound: self = .failure(.refused(.consumerTypeRequired, code: code, message: message))
        case .postNotFound, .commentNotFound: self = .failure(.refused(.notFound, code: code, message: message))
        case .alreadyVoted: self = .failure(.refused(.alreadyVoted, code: code, message: message))
        case .forbidden: self = .failure(.refused(.notAllowed, code: code, message: message))
        case .emptyClaims, .badRequest, .bodyOrHeaderMissing, .invalidTypeValue, .missingParameter, .ioError,
            .jsonParseError, .jsonProcessingError:
            self = .failure(.refused(.invalidRequest, code: code, message: message))
        case .internalServerError:
            // G999 is documented with body status 500, and arrives on HTTP 200: the server failed.
            self = .failure(.serverFailure(status: max(status, 500), code: code, message: message))
        default:
            self = .failure(
                status >= 500
                    ? .serverFailure(status: status, code: code, message: message)
                    : .rejected(code: code, message: message))
        }
    }

    /// The error a caller gets for this verdict, or `nil` for a success, noting the division code.
    ///
    /// An access token still rejected after its one retry is ``WoteError/rejected(code:message:)``
    /// with its code (the session is kept); a session that ended is the error that says why.
    package func error(code: String?, message: String) -> WoteError? {
        switch self {
        case .success: nil
        case .profileRequired: WoteError.profileRequired.noting(code: code)
        case .accessTokenRejected(let code): .rejected(code: code, message: message)
        case .sessionEnded(let reason): reason.errorWhenMissing.noting(code: code)
        case .failure(let error): error.noting(code: code)
        }
    }
}
