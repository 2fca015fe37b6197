/// The token behaviour that `/__test/config` may change at run time.
struct TokenSettings: Sendable, Equatable, Codable {
    var accessTTLMilliseconds: Int64
    var refreshTTLMilliseconds: Int64
    var strictRotation: Bool

    init(options: ServerOptions) {
        accessTTLMilliseconds = options.accessTTLMilliseconds
        refreshTTLMilliseconds = options.refreshTTLMilliseconds
        strictRotation = options.strictRotation
    }
}
