package import Foundation

/// Scheme, host and port: the unit to which a bearer token may be sent.
package struct Origin: Sendable, Hashable, CustomStringConvertible {
    package let scheme: String
    package let host: String
    package let port: Int

    /// The origin of `url`, with the scheme's default port filled in; `nil` without scheme or host.
    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        guard port >= 0 else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    package var description: String { "\(scheme)://\(host):\(port)" }
}
