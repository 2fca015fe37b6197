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
    /// - Parameter boundary: the boundary; the default is `WoteKit-` and a random UUID. One that is
    ///   not 1 to 70 of RFC 2046's boundary characters, or that a part holds, makes the body
    ///   unsendable: a request with it fails before anything is sent.
    public init(boundary: String = MultipartFormData.randomBoundary()) {
        self.boundary = boundary
    }

    /// A boundary that no part will contain by chance.
    public static func randomBoundary() -> String {
        "WoteKit-" + UUID().uuidString
    }

    /// Appends a part.
    ///
    /// A `contentType` that is not a media type (`type/subtype`, optional parameters, no line
    /// break) makes the body unsendable: the request fails with
    /// ``WoteError/invalidArgument(name:reason:)`` before anything is sent.
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

extension MultipartFormData {
    /// Why this body cannot be sent, or `nil` when it can: a request built from it
    /// (``APIRequest/post(_:form:method:)``) fails with this error before anything is sent.
    ///
    /// - The boundary must be 1 to 70 of RFC 2046's boundary characters (letters, digits and
    ///   `'()+_,-./:=?` and space), not ending in a space, and no part may hold it after `--`: a
    ///   part holding it would end early, and what follows would read as parts of the attacker's.
    /// - Each part's `Content-Type` must be a media type (`type/subtype`, tokens) with optional
    ///   parameters of printable ASCII: a line break in it would add headers, or parts, to the body.
    package var refusal: WoteError? {
        guard Self.isValidBoundary(boundary) else {
            return .invalidArgument(
                name: "boundary",
                reason: "must be 1 to 70 letters, digits or '()+_,-./:=? and spaces, not ending in a space")
        }
        for part in parts where !Self.isValidContentType(part.contentType) {
            return .invalidArgument(
                name: "contentType",
                reason: "of the part \"\(Self.quoted(part.name))\" must be a media type such as image/jpeg, "
                    + "with no line break or other control character")
        }
        let delimiter = Data(("--" + boundary).utf8)
        for part in parts where part.data.count >= delimiter.count && part.data.range(of: delimiter) != nil {
            return .invalidArgument(
                name: "boundary", reason: "occurs in the part \"\(Self.quoted(part.name))\"; use another boundary")
        }
        return nil
    }

    private static func isValidBoundary(_ boundary: String) -> Bool {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.last != UInt8(ascii: " ") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "'()+_,-./:=? ".utf8.contains(byte)
            }
        }
    }

    private static func isValidContentType(_ contentType: String) -> Bool {
        let bytes = Array(contentType.utf8)
        let mediaType = bytes.prefix { $0 != UInt8(ascii: ";") }
        let parts = mediaType.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isTokenCharacter) }) else {
            return false
        }
        // Parameters: printable ASCII, spaces and tabs only.
        return bytes[mediaType.endIndex...].allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) }
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
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
