import WoteDomain

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

extension MalformedResponse {
    /// The domain error for this unusable answer.
    package func toDomain() -> WoteError {
        .malformedResponse(description)
    }
}
