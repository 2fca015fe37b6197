public import Foundation
public import WoteDomain

/// A `multipart/form-data` body (RFC 7578) built part by part, for an app's own uploads.
///
/// ```swift
/// var form = MultipartFormData()
/// try form.append(name: "postRequest", json: NewPost(visibilityScope: "GLOBAL", title: "에어팟 맥스 살까?"))
/// form.append(name: "imageFile", filename: "photo.jpg", contentType: "image/jpeg", data: jpeg)
/// try await wote.perform(.post("/api/posts", form: form))
/// ```
///
/// The boundary is injectable so a test can compare exact bytes; the default is random, so it
/// cannot occur inside a part by accident. Its description shows part names and sizes only.
public struct MultipartFormData: Sendable, Equatable {
    /// One named part.
    public struct Part: Sendable, Equatable {
        /// The form field name.
        public var name: String
        /// The file name, for file parts.
        public var filename: String?
        /// The part's `Content-Type`.
        public var contentType: String
        /// The part's bytes.
        public var data: Data
    }

    /// The boundary between parts, without the leading `--`.
    public let boundary: String
    /// The parts in the order they are sent.
    public private(set) var parts: [Part] = []

    /// Creates an empty body.
    ///
    /// - Parameter boundary: the boundary; the default is `WoteKit-` and a random UUID.
    public init(boundary: String = MultipartFormData.randomBoundary()) {
        self.boundary = boundary
    }

    /// A boundary that no part will contain by chance.
    public static func randomBoundary() -> String {
        "WoteKit-" + UUID().uuidString
    }

    /// Appends a part.
    ///
    /// - Parameters:
    ///   - name: the form field name.
    ///   - filename: the file name, for file parts.
    ///   - contentType: the part's `Content-Type`.
    ///   - data: the part's bytes.
    public mutating func append(name: String, filename: String? = nil, contentType: String, data: Data) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
    }

    /// Appends a text field (`text/plain; charset=utf-8`).
    ///
    /// - Parameters:
    ///   - name: the form field name.
    ///   - value: the text.
    public mutating func append(name: String, value: String) {
        append(name: name, contentType: "text/plain; charset=utf-8", data: Data(value.utf8))
    }

    /// Appends `value` encoded as a JSON part (`application/json`), as Spring's `@RequestPart` reads it.
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` when `value` cannot be encoded.
    public mutating func append(name: String, json value: some Encodable) throws(WoteError) {
        do {
            append(name: name, contentType: "application/json", data: try JSONEncoder().encode(value))
        } catch {
            throw .invalidArgument(name: name, reason: "cannot be encoded as JSON")
        }
    }

    /// The value of the request's `Content-Type` header.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The encoded body: each part as `--boundary`, its headers, a blank line and its bytes, then
    /// the closing `--boundary--`, every line ending in CRLF.
    public func encoded() -> Data {
        var body = Data()
        func line(_ text: String) { body.append(contentsOf: Array((text + "\r\n").utf8)) }
        for part in parts {
            line("--\(boundary)")
            var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename {
                disposition += "; filename=\"\(Self.quoted(filename))\""
            }
            line(disposition)
            line("Content-Type: \(part.contentType)")
            line("")
            body.append(part.data)
            line("")
        }
        line("--\(boundary)--")
        return body
    }

    /// The text of a quoted header parameter, with quotes and line breaks percent-encoded as the
    /// HTML form encoding does, so a name cannot end the header early.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}

extension MultipartFormData: CustomStringConvertible, CustomReflectable {
    /// The part names and sizes, never their bytes.
    public var description: String {
        "MultipartFormData(" + parts.map { "\($0.name): \($0.data.count) bytes" }.joined(separator: ", ") + ")"
    }

    /// A mirror with the part names and sizes only.
    public var customMirror: Mirror { Mirror(self, children: ["parts": description]) }
}
