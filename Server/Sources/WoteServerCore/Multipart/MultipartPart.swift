/// One part of a `multipart/form-data` body.
struct MultipartPart: Sendable, Equatable {
    /// The `name` of its Content-Disposition.
    let name: String
    let filename: String?
    /// Its Content-Type, lower-cased and without parameters; `nil` when the part has none.
    let contentType: String?
    let body: [UInt8]
}

/// Why a multipart body could not be read.
enum MultipartError: Error, Sendable, Equatable {
    case missingBoundary
    case malformed(String)
}
