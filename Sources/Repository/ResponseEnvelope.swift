import Foundation

/// The contract's envelope (§1): `status`, optional `divisionCode`, `message`, optional `data`.
///
/// The HTTP status and the body's `status` can disagree; decisions come from the body.
package struct ResponseEnvelope<Payload: Decodable & Sendable>: Sendable {
    /// What the HTTP layer said.
    package var httpStatus: Int
    /// The body's own `status`.
    package var status: Int
    /// The body's division code, when it has one.
    package var divisionCode: DivisionCode?
    /// The body's message ("" when missing).
    package var message: String
    /// The payload, when present and of the expected shape.
    package var data: Payload?
    /// Field errors from the server's validation handler.
    package var fieldErrors: [FieldErrorDTO]
    /// The server's extra reason text, if any.
    package var reason: String?

    package init(
        httpStatus: Int, status: Int, divisionCode: DivisionCode? = nil, message: String = "",
        data: Payload? = nil, fieldErrors: [FieldErrorDTO] = [], reason: String? = nil
    ) {
        self.httpStatus = httpStatus
        self.status = status
        self.divisionCode = divisionCode
        self.message = message
        self.data = data
        self.fieldErrors = fieldErrors
        self.reason = reason
    }

    /// A success: no division code and a 2xx body status.
    package var isSuccess: Bool { divisionCode == nil && (200..<300).contains(status) }
}

/// One entry of the envelope's `errors` array.
package struct FieldErrorDTO: Codable, Sendable, Equatable {
    package var field: String?
    package var value: String?
    package var reason: String?

    package init(field: String?, value: String?, reason: String?) {
        self.field = field
        self.value = value
        self.reason = reason
    }
}

/// A payload for endpoints whose `data` the client does not read; accepts any JSON value.
package struct IgnoredPayload: Decodable, Sendable, Equatable {
    package init() {}
    package init(from decoder: any Decoder) throws {}
}
