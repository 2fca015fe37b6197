public import Foundation

/// An HTTP answer that arrived: status, headers (lowercased names) and body.
///
/// Its description shows the status, header names and the body's size, never a header value or
/// the body, which may hold tokens.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The headers, names lowercased.
    public var headers: [String: String]
    /// The body bytes, as received.
    public var body: Data

    /// Creates an answer; header names are expected lowercased.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The `Content-Type` header, if any.
    public var contentType: String? { headers["content-type"] }
}

extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The status, header names and the body's size: never a header value or the body, which
    /// hold tokens.
    public var description: String {
        "HTTP \(status) (headers: \(headers.keys.sorted().joined(separator: ", ")); body: \(body.count) bytes)"
    }

    /// The same redacted text as ``description``.
    public var debugDescription: String { description }

    /// A mirror with header names and the body's size only.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["status": status, "headers": headers.keys.sorted(), "body": "\(body.count) bytes"],
            displayStyle: .struct)
    }
}
