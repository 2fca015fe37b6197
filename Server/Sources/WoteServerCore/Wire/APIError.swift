/// An error answer in the contract's envelope (§1). Thrown by handlers and middleware, rendered by
/// `ErrorEnvelopeMiddleware`.
struct APIError: Error, Sendable {
    let code: DivisionCode
    /// The HTTP status of the answer; the body's `status` is always `code.status`.
    let httpStatus: Int
    let message: String
    let reason: String?
    let data: AnyEncodable?

    /// An error raised where the real server raises it in a servlet filter (JWT checks, the profile
    /// gate, the login filter): the HTTP status equals the body's `status`.
    static func filter(_ code: DivisionCode, _ message: String? = nil, reason: String? = nil) -> APIError {
        APIError(code: code, httpStatus: code.status, message: message ?? code.defaultMessage, reason: reason, data: nil)
    }

    /// An error raised where the real server raises it in a controller and its exception handler
    /// turns it into an envelope: the HTTP status is 200 whatever the body's `status` says.
    static func handled(_ code: DivisionCode, _ message: String? = nil, reason: String? = nil) -> APIError {
        APIError(code: code, httpStatus: 200, message: message ?? code.defaultMessage, reason: reason, data: nil)
    }

    /// An error that the real server's exception handler answers with the code's own status (the posts
    /// slice: E002, E015, E019, G010, G002, G004, E008): the HTTP status equals the body's `status`.
    static func rejected(_ code: DivisionCode, _ message: String? = nil, reason: String? = nil) -> APIError {
        APIError(
            code: code,
            httpStatus: code.status,
            message: message ?? code.defaultMessage,
            reason: reason,
            data: nil
        )
    }

    func with(data: some Encodable & Sendable) -> APIError {
        APIError(code: code, httpStatus: httpStatus, message: message, reason: reason, data: AnyEncodable(data))
    }

    var envelope: Envelope<AnyEncodable> {
        Envelope(status: code.status, divisionCode: code.rawValue, message: message, data: data, reason: reason)
    }
}

/// Type erasure so an error can carry any encodable `data`.
struct AnyEncodable: Encodable, Sendable {
    private let encodeValue: @Sendable (any Encoder) throws -> Void

    init(_ value: some Encodable & Sendable) {
        encodeValue = { encoder in try value.encode(to: encoder) }
    }

    func encode(to encoder: any Encoder) throws {
        try encodeValue(encoder)
    }
}
