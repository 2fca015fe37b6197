/// `POST /__test/reset` body (optional).
struct ResetRequestDTO: Decodable, Sendable {
    var members: Bool?
}

/// `POST /__test/config` body; TTLs in seconds.
struct ConfigChangeDTO: Decodable, Sendable {
    /// `true` is `refreshReuse: "strict"`, `false` is `"lax"`.
    var strictRotation: Bool?
    var refreshReuse: RefreshReuse?
    /// The grace window of `refreshReuse: "grace"`, in seconds.
    var reuseGrace: Double?
    var accessTTL: Double?
    var refreshTTL: Double?
    /// `false` is the real-server mode: the `[ext]` items of Docs/API.md are off.
    var extensions: Bool?
}

/// `GET`/`POST /__test/config` answer; TTLs in seconds.
struct ConfigDTO: Encodable, Sendable {
    let strictRotation: Bool
    let refreshReuse: RefreshReuse
    let reuseGrace: Double
    let accessTTL: Double
    let refreshTTL: Double
    let extensions: Bool

    init(_ settings: TokenSettings) {
        extensions = settings.extensions
        strictRotation = settings.refreshReuse == .strict
        refreshReuse = settings.refreshReuse
        reuseGrace = Double(settings.reuseGraceMilliseconds) / 1000
        accessTTL = Double(settings.accessTTLMilliseconds) / 1000
        refreshTTL = Double(settings.refreshTTLMilliseconds) / 1000
    }
}

/// `GET /__test/apple-revocations` answer: every revocation the Apple stand-in recorded.
struct AppleRevocationsDTO: Encodable, Sendable {
    let revocations: [AppleStandIn.Revocation]
}

/// `POST /__test/ban` and `POST /__test/unlink` body: the member to ban, by its (NFC) nickname.
struct BanRequestDTO: Decodable, Sendable {
    let nickname: String
}

/// `POST /__test/clock` body.
struct ClockAdvanceDTO: Decodable, Sendable {
    let advanceSeconds: Double
}

/// `GET`/`POST /__test/clock` answer.
struct ClockDTO: Encodable, Sendable {
    let nowMs: Int64
    let offsetMs: Int64
}

/// `GET`/`POST`/`DELETE /__test/faults` answer.
struct FaultListDTO: Encodable, Sendable {
    let faults: [FaultRule]
}

/// A refused test hook call (HTTP 400).
struct TestHookErrorDTO: Encodable, Sendable {
    let error: String
}
