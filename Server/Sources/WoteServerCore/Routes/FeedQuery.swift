/// The query of `GET /api/posts` (API-posts.md §2.1), bound the way Spring binds `@RequestParam`s:
/// `page` (default 0), `size` (default 10, no cap), then the required `visibilityScope`, then
/// `PageRequest.of`'s own checks.
struct FeedQuery: Sendable, Equatable {
    let page: Int
    let size: Int
    let scope: VisibilityScope

    /// - Parameter value: a query parameter's decoded value by name, `nil` when absent.
    /// - Throws: in this order, G999 on HTTP 200 for a `page` or `size` that is not a 32-bit integer;
    ///   400 G004 when `visibilityScope` is missing or empty; G999 on HTTP 200 for an unknown scope
    ///   (case-sensitive); 400 E008 for `page` < 0 or `size` < 1.
    init(_ value: (String) -> String?) throws(APIError) {
        let page = try Self.integer("page", value("page"), default: 0)
        let size = try Self.integer("size", value("size"), default: 10)
        guard let rawScope = value("visibilityScope")?.trimmingWhitespace(), !rawScope.isEmpty else {
            throw .rejected(
                .missingParameter,
                reason:
                    "Required request parameter 'visibilityScope' for method parameter type VisibilityScope is not present"
            )
        }
        guard let scope = VisibilityScope(rawValue: rawScope) else {
            throw Self.typeMismatch("visibilityScope", rawScope)
        }
        guard page >= 0 else { throw .rejected(.emptyClaims, reason: "Page index must not be less than zero") }
        guard size >= 1 else { throw .rejected(.emptyClaims, reason: "Page size must not be less than one") }
        self.page = page
        self.size = size
        self.scope = scope
    }

    /// Spring uses the default for an absent or empty value and trims before parsing a Java `int`.
    private static func integer(_ name: String, _ raw: String?, default fallback: Int) throws(APIError) -> Int {
        guard let text = raw?.trimmingWhitespace(), !text.isEmpty else { return fallback }
        guard let number = Int32(text) else { throw typeMismatch(name, text) }
        return Int(number)
    }

    private static func typeMismatch(_ name: String, _ value: String) -> APIError {
        .handled(.internalError, reason: "Failed to convert value '\(value)' of parameter '\(name)'")
    }
}
