public import Foundation
public import WoteDomain

/// One request of an app's own to its API, relative to the configured base URL: the feed, a post,
/// a vote, any endpoint WoteKit does not wrap. Send it through ``WoteClient`` so it gets the
/// session's token, refresh and retry.
///
/// ```swift
/// struct Post: Decodable, Sendable { var postId: Int64; var title: String }
///
/// let posts = try await wote.fetch([Post].self, .get("/api/posts", query: ["page": "0", "size": "10",
///                                                                          "visibilityScope": "GLOBAL"]))
/// let counts = try await wote.fetch(VoteCounts.self, try .post("/api/posts/\(id)/votes", json: ["myChoice": true]))
/// try await wote.perform(.delete("/api/posts/\(id)"))
/// ```
///
/// Its description shows the method, the path and the body's size, never a header value or the body.
public struct APIRequest: Sendable, Equatable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below the base URL, starting with `/`, without a query.
    public var path: String
    /// The query parameters, in order.
    public var query: [URLQueryItem]
    /// Extra headers; `Authorization` is WoteKit's and is replaced. A name must be a token and a
    /// value must hold no line break or other control character, else the request is refused
    /// before anything is sent.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// Whether the request carries the access token (`true` by default).
    public var requiresAuthorization: Bool
    /// Whether a redirect to another origin than the API's is followed; `false` by default, and the
    /// request then fails with ``WoteError/Kind/malformedResponse`` ("redirected to another origin"),
    /// since that origin's answer is not the API's. Set it for a call whose answer may come from
    /// elsewhere (a download link); the access token never goes there either way, and
    /// ``HTTPResponse/url`` says who answered.
    public var allowsCrossOriginRedirects = false
    /// A query already percent-encoded as the app wrote it (from a `URLRequest`), sent verbatim
    /// instead of ``query``.
    package var percentEncodedQuery: String?
    /// Why the body must not be sent (a multipart form that would not keep its structure), or `nil`.
    package var bodyRefusal: WoteError?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - path: the path below the base URL, starting with `/`.
    ///   - query: the query parameters.
    ///   - headers: extra headers.
    ///   - body: the body.
    ///   - requiresAuthorization: `false` for the API's few public endpoints.
    public init(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: Data? = nil, requiresAuthorization: Bool = true
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.requiresAuthorization = requiresAuthorization
    }

    /// A `GET` with query parameters, sent in the order given.
    public static func get(_ path: String, query: KeyValuePairs<String, String> = [:]) -> APIRequest {
        APIRequest(.get, path, query: query.map { URLQueryItem(name: $0.key, value: $0.value) })
    }

    /// A `DELETE`.
    public static func delete(_ path: String) -> APIRequest {
        APIRequest(.delete, path)
    }

    /// A `POST` without a body.
    public static func post(_ path: String) -> APIRequest {
        APIRequest(.post, path)
    }

    /// A request with `value` as its JSON body (`POST` by default).
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` when `value` cannot be encoded.
    public static func post(_ path: String, json value: some Encodable, method: HTTPMethod = .post) throws(WoteError)
        -> APIRequest
    {
        let body: Data
        do {
            body = try JSONEncoder().encode(value)
        } catch {
            throw .invalidArgument(name: "body", reason: "cannot be encoded as JSON")
        }
        return APIRequest(method, path, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A `multipart/form-data` request (`POST` by default).
    ///
    /// A form whose boundary or a part's `Content-Type` could break the body's structure makes a
    /// request that fails with ``WoteError/invalidArgument(name:reason:)`` before anything is sent.
    public static func post(_ path: String, form: MultipartFormData, method: HTTPMethod = .post) -> APIRequest {
        var request = APIRequest(method, path, headers: ["Content-Type": form.contentType], body: form.encoded())
        request.bodyRefusal = form.refusal
        return request
    }

    /// The path with its percent-encoded query, as it goes on the wire.
    ///
    /// `+` in a value is encoded as `%2B`: servers decode a bare `+` in a query as a space.
    public var pathAndQuery: String {
        if let percentEncodedQuery { return path + "?" + percentEncodedQuery }
        guard !query.isEmpty else { return path }
        var components = URLComponents()
        components.queryItems = query
        var encoded = components.percentEncodedQuery ?? ""
        if encoded.utf8.contains(UInt8(ascii: "+")) { encoded = encoded.replacingOccurrences(of: "+", with: "%2B") }
        return path + "?" + encoded
    }
}

extension APIRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Method, path, header names and the body's size; never a header value, a query value or the body.
    public var description: String {
        "\(method) \(path) (query: \(query.map(\.name).joined(separator: ", ")); "
            + "headers: \(headers.keys.sorted().joined(separator: ", ")); body: \(body?.count ?? 0) bytes)"
    }

    /// The same redacted text as ``description``.
    public var debugDescription: String { description }

    /// A mirror with the redacted description only.
    public var customMirror: Mirror { Mirror(self, children: ["request": description]) }
}

extension Endpoint {
    /// The endpoint for an app's own request.
    ///
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` when the path is not below the base
    ///   URL (it must start with `/`, not `//`, and carry no query of its own), when its body is a
    ///   multipart form that would not keep its structure, when a header's
    ///   name is not a token or its value holds a line break or another control character, or when
    ///   one header is named twice in different case.
    package init(_ request: APIRequest) throws(WoteError) {
        if let refusal = request.bodyRefusal { throw refusal }
        guard request.path.hasPrefix("/"), !request.path.hasPrefix("//") else {
            throw .invalidArgument(name: "path", reason: "must start with a single \"/\"")
        }
        // Byte scans: `String.contains(_: String)` goes through NSString on Linux.
        guard !request.path.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
            throw .invalidArgument(name: "path", reason: "give query parameters as `query`, not in the path")
        }
        // A `.` or `..` segment would let servers and proxies resolve the path out of the base URL's
        // (RFC 3986 §5.2.4), carrying the token to another service on the same origin; so would an
        // encoded `/` or `\` once a proxy decodes it. Only a path with a `.`, a `%` (an escape) or
        // a `\` can hold one.
        if request.path.utf8.contains(where: {
            $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\")
        }),
            Self.holdsDotSegment(request.path)
        {
            throw .invalidArgument(
                name: "path", reason: "must not contain \".\" or \"..\" segments or encoded separators, in any spelling"
            )
        }
        for (name, value) in request.headers {
            try HeaderField.requireValidName(name, as: "headers")
            try HeaderField.requireValidValue(value, as: "headers", subject: "the value of \"\(name)\"")
        }
        if request.headers.count > 1 {
            // Names ignore case: two spellings of one would both go out, and for a single-valued
            // header the server would pick one of them.
            var seen = [String: String](minimumCapacity: request.headers.count)
            for name in request.headers.keys.sorted() {
                if let first = seen.updateValue(name, forKey: name.asciiLowercased) {
                    throw .invalidArgument(
                        name: "headers", reason: "\"\(first)\" and \"\(name)\" name one header (names ignore case)")
                }
            }
        }
        var headers = request.headers
        if !headers.isEmpty { headers = headers.filter { !$0.key.caseInsensitiveEquals("authorization") } }
        if request.body != nil, !headers.keys.contains(where: { $0.caseInsensitiveEquals("content-type") }) {
            headers["Content-Type"] = "application/octet-stream"
        }
        self.init(
            method: request.method, path: request.pathAndQuery, headers: headers, body: request.body,
            authorization: request.requiresAuthorization ? .bearer : .none)
        followsRedirectsToOtherOrigins = request.allowsCrossOriginRedirects
    }

    /// Whether `path` holds a `.` or `..` segment, or a separator hidden in an escape, as any server
    /// or proxy in front of it may read it: ``PathSegmentGuard``, on the path's bytes.
    static func holdsDotSegment(_ path: String) -> Bool {
        PathSegmentGuard.refuses(path.utf8)
    }
}
