package import WoteDomain
import WoteWire

extension ResponseEnvelope {
    /// The envelope `call` brings from the server, its transport and decoding failures as
    /// ``WoteError``: how every repository asks the remote data source.
    ///
    /// - Throws: the domain form of the ``APIError``.
    static func received(from call: () async throws(APIError) -> ResponseEnvelope)
        async throws(WoteError) -> ResponseEnvelope
    {
        do {
            return try await call()
        } catch {
            throw error.toDomain()
        }
    }

    /// What this answer means; see ``WoteVerdict/init(status:code:message:)`` for the table.
    package var verdict: WoteVerdict {
        WoteVerdict(status: status, code: divisionCode?.rawValue, message: message)
    }

    /// The domain error this envelope stands for, or `nil` when it is a success.
    package var domainError: WoteError? {
        verdict.error(code: divisionCode?.rawValue, message: message)
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
