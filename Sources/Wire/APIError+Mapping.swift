package import WoteDomain

extension APIError {
    /// The domain error a failure below the repositories stands for.
    ///
    /// Transport failures keep their kind (offline, time-out, cancelled); an unusable answer
    /// becomes ``WoteError/malformedResponse(_:)`` saying what was wrong with it; a session failure
    /// is already a domain error and passes through unchanged.
    package func toDomain() -> WoteError {
        switch self {
        case .network(let reason): .networkUnavailable(reason)
        case .timeout: .timeout
        case .cancelled: .cancelled
        case .malformed(let malformed): .malformedResponse(malformed.description)
        case .session(let error): error
        }
    }
}

extension APIError {
    /// The domain error for a failure of an endpoint whose server answers its own failures with an
    /// error page (sign-up, refresh): an unusable answer from HTTP 500 up is
    /// ``WoteError/serverFailure(status:code:message:)``; everything else maps as ``toDomain()``.
    package func toDomainCountingErrorPagesAsServerFailures() -> WoteError {
        if case .malformed(let malformed) = self, malformed.httpStatus >= 500 {
            return .serverFailure(status: malformed.httpStatus, code: nil, message: malformed.description)
        }
        return toDomain()
    }
}

extension MalformedResponse {
    /// The domain error for this unusable answer.
    package func toDomain() -> WoteError {
        .malformedResponse(description)
    }
}
