import Foundation
import Hummingbird

/// Reads request bodies and maps every problem to the code the real exception handler gives it.
enum RequestBodyReader {
    /// The whole body, at most the context's upload size.
    static func bytes(of request: Request, context: WoteRequestContext) async throws(APIError) -> [UInt8] {
        do {
            let buffer = try await request.body.collect(upTo: context.maxUploadSize)
            return Array(buffer.readableBytesView)
        } catch {
            throw .handled(.badRequest, "Request body too large or unreadable")
        }
    }

    /// Decodes a JSON body. Errors are "handled" ones (HTTP 200): empty → G002, not JSON → G006,
    /// wrong type → G003, missing field → G013.
    static func json<T: Decodable>(_ type: T.Type, from request: Request, context: WoteRequestContext) async throws(APIError) -> T {
        try decode(type, from: try await bytes(of: request, context: context))
    }

    /// Decodes a JSON `@RequestBody` of the posts slice (API-posts.md §1), where a body that is missing,
    /// empty or unreadable in any way (not JSON, a wrong type, an unknown enum value) is 400 G002.
    static func requiredJSON<T: Decodable>(
        _ type: T.Type,
        from request: Request,
        context: WoteRequestContext
    ) async throws(APIError) -> T {
        let bytes: [UInt8]
        do {
            bytes = Array(try await request.body.collect(upTo: context.maxUploadSize).readableBytesView)
        } catch {
            throw .rejected(.bodyOrHeaderMissing, reason: "Required request body is unreadable")
        }
        guard !bytes.isEmpty else { throw .rejected(.bodyOrHeaderMissing, reason: "Required request body is missing") }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw .rejected(.bodyOrHeaderMissing, reason: "JSON parse error")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(APIError) -> T {
        guard !bytes.isEmpty else { throw .handled(.bodyOrHeaderMissing) }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let DecodingError.typeMismatch(_, context) {
            throw .handled(.invalidTypeValue, reason: Self.describe(context))
        } catch let DecodingError.keyNotFound(key, _) {
            throw .handled(.validationFailed, reason: "\(key.stringValue) is required")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .handled(.validationFailed, reason: Self.describe(context))
        } catch {
            throw .handled(.jsonParse)
        }
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    }
}
