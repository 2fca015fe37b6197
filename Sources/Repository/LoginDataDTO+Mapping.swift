package import Foundation
package import WoteDomain
package import WoteWire

/// §4.1 / §4.13: the login answer's `data`.
package struct LoginDataDTO: Codable, Sendable, Equatable {
    package var consumerTypeExist: Bool?
    package var jwtToken: TokenPairDTO?

    package init(consumerTypeExist: Bool? = nil, jwtToken: TokenPairDTO?) {
        self.consumerTypeExist = consumerTypeExist
        self.jwtToken = jwtToken
    }
}

extension ResponseEnvelope where Payload == LoginDataDTO {
    /// Decides what a login answer means (§4.1, §4.13) and builds the session to begin.
    ///
    /// A success with `data.jwtToken` is a completed sign-in. E009 with `data.jwtToken` is a
    /// successful sign-in into "profile required", never an error. Every other answer is a failure.
    ///
    /// - Parameter receivedAt: when the answer arrived; the tokens' lifetime starts there unless
    ///   the access token carries an `iat`.
    /// - Returns: the tokens and whether the profile is completed.
    /// - Throws: ``WoteError/malformedResponse(_:)`` when a sign-in answer lacks `data.jwtToken`
    ///   or holds an empty token; otherwise the envelope's ``domainError`` (A001 → rejected,
    ///   A002 → wrong credentials, ...).
    package func loginSession(receivedAt: Date) throws(WoteError) -> StoredSession {
        let profileCompleted: Bool
        if isSuccess {
            profileCompleted = true
        } else if divisionCode == .signUpNotCompleted {
            profileCompleted = false
        } else {
            throw domainError ?? .rejected(code: divisionCode?.rawValue, message: message)
        }
        guard let pair = data?.jwtToken else {
            throw MalformedResponse(httpStatus: httpStatus, problem: .missingField("data.jwtToken")).toDomain()
        }
        do {
            let tokens = try pair.toDomain(receivedAt: receivedAt, httpStatus: httpStatus)
            return StoredSession(tokens: tokens, profileCompleted: profileCompleted)
        } catch {
            throw error.toDomain()
        }
    }
}

extension APIError {
    /// What the person is told when a login refused in a non-JSON way sends no envelope.
    package static let refusedSignInMessage = "The sign-in was refused by the server."

    /// The domain error for a login that got no usable envelope.
    ///
    /// A real deployment may refuse a login with a redirect, an HTML page or an empty body instead
    /// of an A001 envelope (§4.1): below HTTP 500 that is a refused sign-in,
    /// ``WoteError/rejected(code:message:)`` with no code. From 500 up, or for any other unusable
    /// body, it stays the generic mapping (``toDomain()``).
    package func toLoginError() -> WoteError {
        if case .malformed(let malformed) = self, malformed.httpStatus < 500 {
            switch malformed.problem {
            case .notJSON, .unexpectedRedirect, .redirectToAnotherOrigin, .emptyBody:
                return .rejected(code: nil, message: APIError.refusedSignInMessage)
            case .invalidJSON, .notAnObject, .missingField, .wrongType, .tooLarge:
                break
            }
        }
        return toDomain()
    }
}
