package import Foundation
package import WoteWire

/// Turns any body into a ``ResponseEnvelope`` or a typed ``MalformedResponse``; never crashes,
/// never hangs, whatever arrives (empty, HTML, truncated, wrong types, huge).
package enum EnvelopeDecoder {
    /// Bodies larger than this are refused unread.
    package static let maximumBodySize = 8 * 1024 * 1024

    /// Decodes the envelope, reading `data` as `Payload`.
    ///
    /// A success envelope whose `data` has the wrong shape is malformed. An error envelope whose
    /// `data` has another shape keeps its code and message with `data` nil, since the code decides.
    ///
    /// Inlinable (with ``decodeSplit(_:from:httpStatus:contentType:)``), so that the module that
    /// names the payload type specializes both for it: called unspecialized across modules, they
    /// looked up the envelope's generic metadata and copied it through value witnesses per answer.
    @inlinable
    package static func decode<Payload: Decodable & Sendable>(
        _ payload: Payload.Type, from body: Data, httpStatus: Int, contentType: @autoclosure () -> String? = nil
    ) throws(APIError) -> ResponseEnvelope<Payload> {
        let (header, data) = try decodeSplit(payload, from: body, httpStatus: httpStatus, contentType: contentType())
        var envelope = ResponseEnvelope<Payload>(
            httpStatus: header.httpStatus, status: header.status, divisionCode: header.divisionCode,
            message: header.message, fieldErrors: header.fieldErrors, reason: header.reason)
        envelope.data = data
        return envelope
    }

    /// Decodes the envelope as ``decode(_:from:httpStatus:contentType:)`` does, in the same one pass,
    /// for a payload type that need not be `Sendable` (an app's type, decoded on the caller's actor):
    /// the envelope's header, and `data` apart.
    @inlinable
    package static func decodeSplit<Payload: Decodable>(
        _ payload: Payload.Type, from body: Data, httpStatus: Int, contentType: @autoclosure () -> String? = nil
    ) throws(APIError) -> (header: ResponseEnvelope<IgnoredPayload>, data: Payload?) {
        try checkLooksLikeJSONObject(body, httpStatus: httpStatus, contentType: contentType)
        // One pass over the body: the header and the payload together.
        let decoded: Body<Payload>
        do {
            decoded = try JSONDecoder().decode(Body<Payload>.self, from: body)
        } catch {
            throw .malformed(MalformedResponse(httpStatus: httpStatus, problem: problem(for: error)))
        }
        let header = ResponseEnvelope<IgnoredPayload>(
            httpStatus: httpStatus, status: decoded.status, divisionCode: decoded.divisionCode,
            message: decoded.message ?? "", fieldErrors: decoded.errors ?? [], reason: decoded.reason)
        switch decoded.data {
        case .success(let data):
            return (header, data)
        case .failure(let error):
            // An error envelope whose `data` has another shape keeps its code and message.
            if header.isSuccess {
                throw .malformed(MalformedResponse(httpStatus: httpStatus, problem: problem(for: error)))
            }
            return (header, nil)
        }
    }

    /// Decodes a whole body as `Value` (the older sign-up envelope, §4.12), with the same checks.
    package static func decodePlain<Value: Decodable>(
        _ type: Value.Type, from body: Data, httpStatus: Int, contentType: @autoclosure () -> String? = nil
    ) throws(APIError) -> Value {
        try checkLooksLikeJSONObject(body, httpStatus: httpStatus, contentType: contentType)
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch {
            throw .malformed(MalformedResponse(httpStatus: httpStatus, problem: problem(for: error)))
        }
    }

    @usableFromInline
    static func checkLooksLikeJSONObject(
        _ body: Data, httpStatus: Int, contentType: () -> String?
    ) throws(APIError) {
        func fail(_ problem: MalformedResponse.Problem) -> APIError {
            .malformed(MalformedResponse(httpStatus: httpStatus, problem: problem))
        }
        guard body.count <= maximumBodySize else { throw fail(.tooLarge(bytes: body.count)) }
        // A scan of the bytes: `Data`'s iterator costs a call per byte on Linux.
        let first = body.withUnsafeBytes { bytes in bytes.first(where: { !isJSONWhitespace($0) }) }
        guard let first else { throw fail(.emptyBody) }
        switch first {
        case UInt8(ascii: "{"): return
        case UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            throw fail(.notAnObject)
        default:
            throw fail(.notJSON(contentType: contentType()))
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @usableFromInline
    static func problem(for error: any Error) -> MalformedResponse.Problem {
        guard let decodingError = error as? DecodingError else { return .invalidJSON }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return .missingField(path(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            return .missingField(path(context.codingPath))
        case .typeMismatch(_, let context):
            return context.codingPath.isEmpty ? .notAnObject : .wrongType(field: path(context.codingPath))
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? .invalidJSON : .wrongType(field: path(context.codingPath))
        @unknown default:
            return .invalidJSON
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// The whole envelope in one decoding pass through one keyed container; a `data` of the wrong
    /// shape is kept as its error, since only a success needs it.
    @usableFromInline
    struct Body<Payload: Decodable>: Decodable {
        @usableFromInline var status: Int
        @usableFromInline var divisionCode: DivisionCode?
        @usableFromInline var message: String?
        @usableFromInline var errors: [FieldErrorDTO]?
        @usableFromInline var reason: String?
        @usableFromInline var data: Result<Payload?, any Error>

        @usableFromInline
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: EnvelopeKeys.self)
            status = try container.decode(Int.self, forKey: .status)
            divisionCode = try container.decodeIfPresent(String.self, forKey: .divisionCode).map(
                DivisionCode.init(rawValue:))
            message = try container.decodeIfPresent(String.self, forKey: .message)
            // Details of a refusal only: a server whose validation handler shapes them differently
            // must not turn a readable error into a malformed one, and a success has none to read.
            if divisionCode != nil || !(200..<300).contains(status) {
                errors = try? container.decodeIfPresent([FieldErrorDTO].self, forKey: .errors)
                reason = try? container.decodeIfPresent(String.self, forKey: .reason)
            } else {
                (errors, reason) = (nil, nil)
            }
            do {
                data = .success(try container.decodeIfPresent(Payload.self, forKey: .data))
            } catch {
                data = .failure(error)
            }
        }
    }
}

/// The envelope's keys, outside the generic `Body` so that the decoding containers keyed by them
/// are one type for every payload, not a new one instantiated at run time per payload type.
private enum EnvelopeKeys: String, CodingKey { case status, divisionCode, message, errors, reason, data }
