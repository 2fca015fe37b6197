import Foundation
import WoteLocked

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keeps every proxy out of a request to a loopback host (security review 2026-11-28, N2).
///
/// Plain `http://` is allowed to a loopback host (``SchemePolicy``) because such traffic never
/// leaves the machine; a proxy in between would carry it, passwords and tokens in clear text, over
/// the network. So the URLSession transport sends loopback requests through a session of its own
/// whose configuration names no proxy (`connectionProxyDictionary` empty: Apple platforms then use
/// none, whatever the system settings say), and, on Linux, where swift-corelibs-foundation leaves
/// proxies to libcurl, which reads `http_proxy`, `https_proxy` and `all_proxy` from the environment
/// and ignores that dictionary, adds the loopback hosts to `no_proxy` (libcurl's exception list)
/// before the first loopback request, when a proxy variable is set.
package enum LoopbackProxyBypass {
    /// What is added to `no_proxy`: names below `localhost`, 127.0.0.0/8 (libcurl 7.86 and later
    /// read the range; earlier ones at least match `127.0.0.1`) and `::1`.
    package static let loopbackExceptions = ["localhost", "127.0.0.1", "127.0.0.0/8", "::1"]

    /// Whether `url` goes to a loopback host.
    static func isLoopback(_ url: URL?) -> Bool {
        SchemePolicy.isLoopback(host: url?.host)
    }

    /// A copy of `configuration` that uses no proxy.
    static func direct(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        let copy = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        copy.connectionProxyDictionary = [:]
        return copy
    }

    private static let environmentChecked = Locked(false)

    /// On Linux, when a proxy variable is set, makes libcurl's `no_proxy` cover the loopback hosts
    /// (keeping what it held); once per process, before the first loopback request.
    ///
    /// Changing the environment is process-wide: other libcurl users of the process no longer
    /// proxy loopback requests either, which is what loopback means. It is done once, under a lock.
    static func excludeLoopbackFromEnvironmentProxies() {
        #if canImport(FoundationNetworking) && (canImport(Glibc) || canImport(Musl))
        environmentChecked.withLock { checked in
            guard !checked else { return }
            checked = true
            if let value = noProxyValue(environment: Self.environment) { setenv("no_proxy", value, 1) }
        }
        #endif
    }

    /// The `no_proxy` value that covers the loopback hosts given `environment`, or `nil` when no
    /// change is needed (no proxy variable set, or every host excluded already).
    package static func noProxyValue(environment: [String: String]) -> String? {
        let proxyNames = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
        guard proxyNames.contains(where: { !(environment[$0] ?? "").isEmpty }) else { return nil }
        // libcurl reads `no_proxy` and, only when it is not set, `NO_PROXY`.
        let current = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        let entries = current.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if entries.contains("*") { return nil }
        let missing = loopbackExceptions.filter { !entries.contains($0) }
        guard !missing.isEmpty else { return nil }
        return (entries.filter { !$0.isEmpty } + missing).joined(separator: ",")
    }

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }
}

/// A URLSession transport's session for loopback requests: made on the first one, from the
/// transport's configuration with no proxy (``LoopbackProxyBypass``).
final class LoopbackSession: @unchecked Sendable {  // the configuration is a private copy, never changed
    private let configuration: URLSessionConfiguration
    private let made = Locked<RedirectRefusingSession?>(nil)

    init(_ configuration: URLSessionConfiguration) {
        self.configuration = LoopbackProxyBypass.direct(configuration)
    }

    /// The session, made (and the environment's proxies told about loopback, on Linux) on first use.
    var session: RedirectRefusingSession {
        made.withLock { made in
            if let made { return made }
            LoopbackProxyBypass.excludeLoopbackFromEnvironmentProxies()
            let session = RedirectRefusingSession(configuration: configuration)
            made = session
            return session
        }
    }
}
