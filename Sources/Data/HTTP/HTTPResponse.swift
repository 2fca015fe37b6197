public import Foundation

#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// An HTTP answer that arrived: status, headers (lowercased names) and body.
///
/// Its description shows the status, header names and the body's size, never a header value or
/// the body, which may hold tokens.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The headers, names lowercased.
    public var headers: [String: String] {
        get { fields.all }
        set { fields = HeaderFields(newValue) }
    }
    /// The body bytes, as received.
    public var body: Data
    /// The URL that finally answered, after any redirects WoteKit followed; `nil` for an answer made
    /// by hand. Only a request that allows cross-origin redirects
    /// (``APIRequest/allowsCrossOriginRedirects``) can be answered by another origin than the API's.
    public var url: URL?
    /// The headers, read from the transport's response only when someone asks: most answers are
    /// decided by their body alone.
    private var fields: HeaderFields

    /// Creates an answer; header names are expected lowercased.
    ///
    /// - Parameters:
    ///   - status: the HTTP status.
    ///   - headers: the headers, names lowercased.
    ///   - body: the body bytes.
    ///   - url: the URL that answered, if known.
    public init(status: Int, headers: [String: String] = [:], body: Data, url: URL? = nil) {
        self.status = status
        self.fields = HeaderFields(headers)
        self.body = body
        self.url = url
    }

    /// The answer `response` brought with `body`, its headers left where they are until read.
    package init(_ response: HTTPURLResponse, body: Data) {
        self.status = response.statusCode
        self.fields = HeaderFields(response)
        self.body = body
        self.url = response.url
    }

    /// The `Content-Type` header, if any.
    public var contentType: String? { header("content-type") }

    /// The value of the header `name` (lowercased), without reading every header.
    package func header(_ name: String) -> String? { fields.value(name) }

    /// Whether both answers have the same status, headers and body.
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.headers == rhs.headers
    }
}

/// Header fields given as a dictionary, or kept in the transport's response and lowercased into
/// one on first use.
private final class HeaderFields: @unchecked Sendable {
    // `received` is immutable; `lowercased` is guarded by `lock`.
    private let received: HTTPURLResponse?
    private let lock = NSLock()
    private var lowercased: [String: String]?

    init(_ headers: [String: String]) {
        received = nil
        lowercased = headers
    }

    init(_ response: HTTPURLResponse) {
        received = response
    }

    var all: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        if let lowercased { return lowercased }
        var headers: [String: String] = [:]
        if let received {
            let fields = received.allHeaderFields
            headers.reserveCapacity(fields.count)
            for (name, value) in fields {
                if let name = name as? String, let value = value as? String { headers[name.asciiLowercased] = value }
            }
        }
        lowercased = headers
        return headers
    }

    func value(_ name: String) -> String? {
        lock.lock()
        let known = lowercased
        lock.unlock()
        if let known { return known[name] }
        return received?.value(forHTTPHeaderField: name)
    }
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
