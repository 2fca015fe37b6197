/// The token behaviour that `/__test/config` may change at run time.
struct TokenSettings: Sendable, Equatable, Codable {
    var accessTTLMilliseconds: Int64
    var refreshTTLMilliseconds: Int64
    var refreshReuse: RefreshReuse
    var reuseGraceMilliseconds: Int64
    /// Whether the `[ext]` items of Docs/API.md are served; `false` is the real-server mode, which
    /// ignores their fields and has none of their endpoints.
    var extensions: Bool

    init(options: ServerOptions) {
        accessTTLMilliseconds = options.accessTTLMilliseconds
        refreshTTLMilliseconds = options.refreshTTLMilliseconds
        refreshReuse = options.refreshReuse
        reuseGraceMilliseconds = options.reuseGraceMilliseconds
        extensions = options.extensions
    }
}
