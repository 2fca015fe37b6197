import Foundation
import WoteRepository

/// The contract's envelope (§1) as a server writes it, around the payload types WoteKit reads: a
/// `nil` field is left out, as the Wote server leaves out null fields.
struct WireEnvelope<Payload: Encodable>: Encodable {
    var status: Int
    var divisionCode: DivisionCode?
    var message: String
    var data: Payload?

    init(status: Int, divisionCode: DivisionCode? = nil, message: String, data: Payload? = nil) {
        self.status = status
        self.divisionCode = divisionCode
        self.message = message
        self.data = data
    }

    /// The envelope as JSON text.
    var json: String { String(decoding: encodeWire(self), as: UTF8.self) }
}

/// `value` as JSON with sorted keys and unescaped slashes.
func encodeWire(_ value: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // The wire types hold strings, numbers and booleans only, which always encode.
    return (try? encoder.encode(value)) ?? Data("{}".utf8)
}

/// The payload of an envelope without `data`.
struct NoPayload: Encodable {}

extension WireEnvelope where Payload == NoPayload {
    /// An envelope without `data`.
    init(status: Int, divisionCode: DivisionCode? = nil, message: String) {
        self.init(status: status, divisionCode: divisionCode, message: message, data: nil)
    }
}
