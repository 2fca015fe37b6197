import NIOCore

/// Learns the bound ports and prints the machine-readable first line once every listener is up:
/// `{"event":"listening","host":"127.0.0.1","port":51234,"redirectPort":51235}`.
actor ListenerRegistry {
    private let configuredHost: String
    private let expectsRedirectTarget: Bool
    private let announce: LineSink
    private(set) var host: String
    private(set) var apiPort: Int?
    private(set) var redirectPort: Int?
    private var announced = false

    init(host: String, expectsRedirectTarget: Bool, announce: LineSink) {
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
        announce.write(line + "}")
    }

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
