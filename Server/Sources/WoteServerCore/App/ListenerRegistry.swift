import NIOCore

/// Learns the bound ports and prints the machine-readable first line once every listener is up:
/// `{"event":"listening","host":"127.0.0.1","port":51234,"redirectPort":51235,"refreshReuse":"lax"}`,
/// and, in lax mode, a line on standard error saying that superseded refresh tokens still rotate.
actor ListenerRegistry {
    private let configuredHost: String
    private let expectsRedirectTarget: Bool
    private let announce: LineSink
    private let refreshReuse: RefreshReuse
    private let notices: LineSink?
    private(set) var host: String
    private(set) var apiPort: Int?
    private(set) var redirectPort: Int?
    private var announced = false

    init(
        host: String, expectsRedirectTarget: Bool, announce: LineSink, refreshReuse: RefreshReuse = .lax,
        notices: LineSink? = nil
    ) {
        self.refreshReuse = refreshReuse
        self.notices = notices
        configuredHost = host
        self.host = host
        self.expectsRedirectTarget = expectsRedirectTarget
        self.announce = announce
    }

    func apiListening(on address: SocketAddress?) {
        apiPort = address?.port
        host = address?.ipAddress ?? configuredHost
        announceIfReady()
    }

    func redirectTargetListening(on address: SocketAddress?) {
        redirectPort = address?.port
        announceIfReady()
    }

    private func announceIfReady() {
        guard !announced, let apiPort, !expectsRedirectTarget || redirectPort != nil else { return }
        announced = true
        var line = #"{"event":"listening","host":"\#(Self.jsonEscaped(host))","port":\#(apiPort)"#
        if let redirectPort { line += #","redirectPort":\#(redirectPort)"# }
        line += #","refreshReuse":"\#(refreshReuse.rawValue)""#
        announce.write(line + "}")
        if refreshReuse == .lax {
            notices?.write(Self.laxNotice)
        }
    }

    /// What the server says on standard error at start in lax mode.
    static let laxNotice =
        "wote-server: refresh-token reuse is lax, as on the real Wote server: a superseded refresh token still "
        + "rotates the session (every refresh token issued stays a credential until it expires); "
        + "--refresh-reuse strict or grace refuses it"

    private static func jsonEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
