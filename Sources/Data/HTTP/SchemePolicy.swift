package import Foundation
package import WoteDomain

/// Which URLs WoteKit talks to: `https://` always; plain `http://` only to a loopback host
/// (`localhost`, `127.0.0.0/8`, `::1`), unless the configuration allows it explicitly. Anyone on
/// the path of a plain connection reads the password, the codes and the tokens it carries.
package enum SchemePolicy {
    /// Whether `url` may be used: any scheme but `http`, `http` to a loopback host, or any `http`
    /// when `allowingInsecureHTTP`.
    package static func permits(_ url: URL, allowingInsecureHTTP: Bool) -> Bool {
        guard !allowingInsecureHTTP, url.scheme?.lowercased() == "http" else { return true }
        return isLoopback(host: url.host)
    }

    /// Whether `host` names the machine itself: `localhost` (and names below it), an IPv4 address in
    /// `127.0.0.0/8`, or `::1`.
    package static func isLoopback(host: String?) -> Bool {
        guard var host = host?.lowercased(), !host.isEmpty else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "0:0:0:0:0:0:0:1" {
            return true
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && Int(part)! <= 255
        }
    }

    /// The error for a refused `url`: ``WoteError/invalidArgument(name:reason:)`` naming the
    /// setting that allows it.
    package static func refusal(of url: URL) -> WoteError {
        .invalidArgument(
            name: "baseURL",
            reason: "plain http:// is refused for \(url.host ?? "this host"), which is not a loopback host; "
                + "use https://, or set WoteConfiguration.allowsInsecureHTTP")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
