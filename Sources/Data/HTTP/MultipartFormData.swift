package import Foundation

/// A `multipart/form-data` body (RFC 7578) built part by part.
///
/// The boundary is injectable so a test can compare exact bytes; the default is random, so it
/// cannot occur inside a part by accident.
package struct MultipartFormData: Sendable, Equatable {
    /// One named part.
    package struct Part: Sendable, Equatable {
        package var name: String
        package var filename: String?
        package var contentType: String
        package var data: Data
    }

    /// The boundary between parts, without the leading `--`.
    package let boundary: String
    /// The parts in the order they are sent.
    package private(set) var parts: [Part] = []

    /// Creates an empty body.
    ///
    /// - Parameter boundary: the boundary; the default is `WoteKit-` and a random UUID.
    package init(boundary: String = MultipartFormData.randomBoundary()) {
        self.boundary = boundary
    }

    /// A boundary that no part will contain by chance.
    package static func randomBoundary() -> String {
        "WoteKit-" + UUID().uuidString
    }

    /// Appends a part.
    ///
    /// - Parameters:
    ///   - name: the form field name.
    ///   - filename: the file name, for file parts.
    ///   - contentType: the part's `Content-Type`.
    ///   - data: the part's bytes.
    package mutating func append(name: String, filename: String? = nil, contentType: String, data: Data) {
        parts.append(Part(name: name, filename: filename, contentType: contentType, data: data))
    }

    /// The value of the request's `Content-Type` header.
    package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The encoded body: each part as `--boundary`, its headers, a blank line and its bytes, then
    /// the closing `--boundary--`, every line ending in CRLF.
    package func encoded() -> Data {
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
