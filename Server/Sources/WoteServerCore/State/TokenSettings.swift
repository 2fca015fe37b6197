/// The token behaviour that `/__test/config` may change at run time.
struct TokenSettings: Sendable, Equatable, Codable {
    var accessTTLMilliseconds: Int64
    var refreshTTLMilliseconds: Int64
    var refreshReuse: RefreshReuse
    var reuseGraceMilliseconds: Int64

    init(options: ServerOptions) {
        accessTTLMilliseconds = options.accessTTLMilliseconds
        refreshTTLMilliseconds = options.refreshTTLMilliseconds
        refreshReuse = options.refreshReuse
        reuseGraceMilliseconds = options.reuseGraceMilliseconds
    }
}
