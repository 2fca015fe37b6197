import Foundation
import Hummingbird

/// Builds JSON answers; the one place that picks the encoder's settings.
enum JSONResponse {
    static func make(_ value: some Encodable, status: Int = 200) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        // Encoding our own wire types cannot fail; fall back to a fixed envelope rather than crash.
        let bytes =
            (try? encoder.encode(value))
            ?? Data(#"{"status":500,"divisionCode":"G999","message":"Internal Server Error"}"#.utf8)
        return raw(bytes, status: status, contentType: "application/json")
    }

    static func raw(_ bytes: some Sequence<UInt8>, status: Int, contentType: String?) -> Response {
        var headers = HTTPFields()
        if let contentType { headers[.contentType] = contentType }
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    static func envelope(_ envelope: Envelope<some Encodable & Sendable>, httpStatus: Int = 200) -> Response {
        make(envelope, status: httpStatus)
    }

    static func error(_ error: APIError) -> Response {
        make(error.envelope, status: error.httpStatus)
    }
}
