/// The contract's response envelope (§1). Optional fields that are `nil` are left out of the JSON.
struct Envelope<Payload: Encodable & Sendable>: Encodable, Sendable {
    let status: Int
    var divisionCode: String?
    let message: String
    var data: Payload?
    var reason: String?

    init(status: Int, divisionCode: String? = nil, message: String, data: Payload? = nil, reason: String? = nil) {
        self.status = status
        self.divisionCode = divisionCode
        self.message = message
        self.data = data
        self.reason = reason
    }
}

/// `data` for answers that have none.
struct NoPayload: Encodable, Sendable {}

extension Envelope where Payload == NoPayload {
    static func success(_ message: String = "SUCCESS") -> Envelope {
        Envelope(status: 200, message: message)
    }
}

extension Envelope {
    static func success(_ message: String = "SUCCESS", data: Payload) -> Envelope {
        Envelope(status: 200, message: message, data: data)
    }
}
