package import Foundation

/// An HTTP answer that arrived: status, headers (lowercased names) and body.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package var contentType: String? { headers["content-type"] }
}

extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The status, header names and the body's size: never a header value or the body, which
    /// hold tokens.
    package var description: String {
        "HTTP \(status) (headers: \(headers.keys.sorted().joined(separator: ", ")); body: \(body.count) bytes)"
    }

    /// The same redacted text as ``description``.
    package var debugDescription: String { description }

    /// A mirror with header names and the body's size only.
    package var customMirror: Mirror {
        Mirror(
            self, children: ["status": status, "headers": headers.keys.sorted(), "body": "\(body.count) bytes"],
            displayStyle: .struct)
    }
}
