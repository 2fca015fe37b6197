#if canImport(FoundationNetworking) && canImport(Glibc)
import Foundation
import FoundationNetworking
import Glibc

/// Ends, on Linux, a URLSession transfer that `URLSessionTask.cancel()` cannot reach.
///
/// In swift-corelibs-foundation, `cancel()` waits for the one work queue that every `URLSession`
/// of the process shares, and libcurl keeps that queue for as long as the socket it reads stays
/// readable: a server sending an endless body fast, or a gzip bomb, holds it for ever. Meanwhile
/// memory grows and every other URLSession exchange of the process waits. Nothing in
/// URLSession's API reaches libcurl's receive loop (Docs/Security.md, finding 3).
///
/// The socket does. ``cut(_:host:port:)`` replaces the transfer's socket, in place, with one that
/// reads as closed (`dup3` over its descriptor number). libcurl finishes decoding what it has
/// already read, then reads end-of-stream and ends the transfer itself, within the same pass of
/// its loop; the kernel resets the real connection. The descriptor number stays libcurl's, open,
/// until libcurl closes it, so no other file can take the number meanwhile.
enum StuckConnection {
    /// Replaces the socket of `task`'s transfer with a socket that reads as closed, if it holds
    /// unread bytes.
    ///
    /// The socket is the one libcurl connected for the transfer: the local and remote ports its
    /// easy handle reports (``CurlTransferPorts``), matched against each socket's `getsockname` and
    /// `getpeername`. The host name is not resolved again, since libcurl's answer may differ from
    /// the system resolver's (its own DNS cache, names below `localhost`, a record that changes
    /// between lookups: security review 2026-11-28, N4). Only when those ports cannot be read (a
    /// corelibs that keeps its handle elsewhere) does it fall back to ``cut(host:port:)``.
    ///
    /// Only a socket with unread bytes qualifies: libcurl holds the work queue only while its
    /// socket stays readable. A proxy in between is no obstacle: the ports are those of the
    /// connection libcurl made, to the proxy or not.
    ///
    /// - Returns: the descriptor replaced, or `nil` when no socket qualified.
    @discardableResult
    static func cut(_ task: URLSessionTask, host: String, port: Int) -> Int32? {
        guard let ports = CurlTransferPorts(of: task) else { return cut(host: host, port: port) }
        return cutBusiest { descriptor in
            guard let local = localEndpoint(of: descriptor), let peer = peer(of: descriptor) else { return false }
            return local.port == ports.local && peer.port == ports.remote
        }
    }

    /// Replaces this process's TCP socket connected to `host`:`port` that holds the most unread
    /// bytes with a socket that reads as closed; `host` is resolved again, which finds nothing
    /// when the system resolver answers otherwise than libcurl did (the fallback of
    /// ``cut(_:host:port:)``).
    ///
    /// Only a socket with unread bytes qualifies: libcurl holds the work queue only while its
    /// socket stays readable, and an idle connection to the same server (another exchange's) is
    /// left alone. A proxy in between (libcurl honours `http_proxy`) hides the server's address:
    /// then nothing qualifies.
    ///
    /// - Returns: the descriptor replaced, or `nil` when no socket qualified.
    @discardableResult
    static func cut(host: String, port: Int) -> Int32? {
        let addresses = resolve(host: host, port: port)
        guard !addresses.isEmpty else { return nil }
        return cutBusiest { descriptor in peer(of: descriptor).map(addresses.contains) ?? false }
    }

    /// Replaces the descriptor that `matches` and holds the most unread bytes with a socket that
    /// reads as closed.
    private static func cutBusiest(where matches: (Int32) -> Bool) -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        var busiest: (descriptor: Int32, unread: Int32)?
        for entry in entries {
            guard let descriptor = Int32(entry), matches(descriptor) else { continue }
            var unread: Int32 = 0
            guard ioctl(descriptor, UInt(FIONREAD), &unread) == 0, unread > 0 else { continue }
            if unread > busiest?.unread ?? 0 { busiest = (descriptor, unread) }
        }
        guard let busiest else { return nil }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return nil
        }
        close(pair[1])  // the other end is gone: reading pair[0] gives end-of-stream
        defer { close(pair[0]) }
        // Atomic: the number never stops naming an open file, so nothing else can be given it.
        // (`dup3`, which would set close-on-exec at once, is not visible from Swift's Glibc.)
        guard dup2(pair[0], busiest.descriptor) == busiest.descriptor else { return nil }
        _ = fcntl(busiest.descriptor, F_SETFD, FD_CLOEXEC)
        return busiest.descriptor
    }

    /// A socket's address and port, as bytes: the family, the port, the address.
    private struct Endpoint: Hashable {
        var bytes: [UInt8]

        /// The port, in host byte order.
        var port: Int { Int(bytes[1]) << 8 | Int(bytes[2]) }
    }

    /// The addresses `host` resolves to, with `port`.
    private static func resolve(host: String, port: Int) -> Set<Endpoint> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(name, String(port), &hints, &list) == 0, let list else { return [] }
        defer { freeaddrinfo(list) }
        var endpoints: Set<Endpoint> = []
        var next: UnsafeMutablePointer<addrinfo>? = list
        while let info = next {
            if let address = info.pointee.ai_addr, let endpoint = endpoint(address) { endpoints.insert(endpoint) }
            next = info.pointee.ai_next
        }
        return endpoints
    }

    /// The remote end of `descriptor`, when it is a connected IPv4 or IPv6 socket.
    private static func peer(of descriptor: Int32) -> Endpoint? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                getpeername(descriptor, address, &length) == 0 ? endpoint(address) : nil
            }
        }
    }

    /// The local end of `descriptor`, when it is an IPv4 or IPv6 socket.
    private static func localEndpoint(of descriptor: Int32) -> Endpoint? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                getsockname(descriptor, address, &length) == 0 ? endpoint(address) : nil
            }
        }
    }

    private static func endpoint(_ address: UnsafePointer<sockaddr>) -> Endpoint? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var port = inet.pointee.sin_port
                var host = inet.pointee.sin_addr
                return Endpoint(bytes: [4] + bytes(of: &port) + bytes(of: &host))
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet6 in
                var port = inet6.pointee.sin6_port
                var host = inet6.pointee.sin6_addr
                return Endpoint(bytes: [6] + bytes(of: &port) + bytes(of: &host))
            }
        default:
            return nil
        }
    }

    private static func bytes<T>(of value: inout T) -> [UInt8] {
        withUnsafeBytes(of: &value) { Array($0) }
    }
}
#endif
