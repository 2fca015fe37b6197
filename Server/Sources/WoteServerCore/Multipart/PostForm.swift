import Foundation

/// The `multipart/form-data` body of `POST /api/posts` (API-posts.md §2.3), read the way Spring binds
/// `@RequestPart` arguments before the controller runs. Every problem here comes before the E019 gate.
struct PostForm: Sendable {
    /// The whole request at most (Spring's `max-request-size`).
    static let maxRequestSize = 30 * 1024 * 1024
    /// One image at most (Spring's `max-file-size`).
    static let maxImageSize = 10 * 1024 * 1024

    /// The `postRequest` part's fields.
    let draft: PostDraft
    /// The `imageFile` part when it has a file name; a part without one is not a file and is ignored.
    let image: MultipartPart?

    /// Reads the parts.
    /// - Throws: G999 on HTTP 200 when the body is not multipart, the `postRequest` part is missing
    ///   or has a type JSON cannot be read from, or the image is larger than 10 MB; 400 G002 when
    ///   `postRequest` is empty or not a readable post request.
    init(body: [UInt8], contentType: String?) throws(APIError) {
        let parts: [MultipartPart]
        do throws(MultipartError) {
            parts = try MultipartParser.parse(body, boundary: try MultipartParser.boundary(contentType: contentType))
        } catch {
            switch error {
            case .missingBoundary: throw Self.failure("Current request is not a multipart request")
            case .malformed(let why): throw Self.failure("Failed to parse multipart servlet request: \(why)")
            }
        }
        guard let requestPart = parts.first(where: { $0.name == "postRequest" }) else {
            throw Self.failure("Required request part 'postRequest' is not present")
        }
        if let type = requestPart.contentType, !Self.readableAsJSON(type) {
            throw Self.failure("Content-Type '\(type)' is not supported")
        }
        draft = try Self.decode(requestPart.body).draft
        let imagePart = parts.first { $0.name == "imageFile" && $0.filename != nil }
        if let imagePart, imagePart.body.count > Self.maxImageSize {
            throw Self.failure("Maximum upload size exceeded")
        }
        image = imagePart
    }

    /// The checks the real server makes while storing the image, after the E019 gate.
    /// - Returns: the image's Content-Type and its file name's extension, lower-cased.
    /// - Throws: G012 on HTTP 200 (body 404) for a part without a Content-Type; G999 on HTTP 200 when
    ///   it is not `image/*` or its file name has no extension of letters and digits.
    static func checkImage(_ part: MultipartPart) throws(APIError) -> (contentType: String, fileExtension: String) {
        guard let contentType = part.contentType else {
            throw .handled(.nullPointer, reason: "imageFile has no Content-Type")
        }
        guard contentType.hasPrefix("image/") else { throw failure("imageFile is not an image") }
        guard let filename = part.filename, let dot = filename.lastIndex(of: ".") else {
            throw failure("imageFile's name has no extension")
        }
        let fileExtension = filename[filename.index(after: dot)...].lowercased()
        guard !fileExtension.isEmpty, fileExtension.count <= 10,
            fileExtension.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { throw failure("imageFile's name has no usable extension") }
        return (contentType, fileExtension)
    }

    /// G999 on HTTP 200, as the real exception handler answers anything it has no rule for.
    static func failure(_ reason: String) -> APIError {
        .handled(.internalError, reason: reason)
    }

    private static func readableAsJSON(_ type: String) -> Bool {
        type == "application/json" || type == "application/octet-stream"
            || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    private static func decode(_ bytes: [UInt8]) throws(APIError) -> PostRequestDTO {
        guard !bytes.isEmpty else { throw .rejected(.bodyOrHeaderMissing, reason: "postRequest is empty") }
        do {
            return try JSONDecoder().decode(PostRequestDTO.self, from: Data(bytes))
        } catch {
            throw .rejected(.bodyOrHeaderMissing, reason: "postRequest is not a readable post request")
        }
    }
}
