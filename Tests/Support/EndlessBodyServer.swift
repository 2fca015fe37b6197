import Foundation
import WoteData
import WoteLocked

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A hostile HTTP/1.1 server on 127.0.0.1: it answers every request with a head and then a body
/// that never ends, one chunk after another, until the client goes away. It counts what it sent
/// and reports each connection the client closed, for tests of the response size limit.
/// ``stop()`` also cuts every connection still open, so a client that never let go stops too.
public final class EndlessBodyServer: Sendable {
    /// What one connection saw.
    public struct Connection: Sendable {
        /// Bytes of body written to the socket before the client closed it.
        public var bodyBytesSent: Int
        /// Seconds from the first body byte to the client closing the connection.
        public var secondsOpen: Double
    }

    /// The loopback port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    /// Each connection, once the client has closed it.
    public let closedConnections: AsyncStream<Connection>

    private let listener: Int32
    private let head: [UInt8]
    private let prefix: [UInt8]
    private let chunk: [UInt8]
    private let interval: Duration?
    private let sendBufferSize: Int32?
    private let closed: AsyncStream<Connection>.Continuation
    private let stopped = Locked(false)
    private let openConnections = Locked<Set<Int32>>([])

    /// A gzip stream's 10-byte header: an endless gzip body is this, then gzipZerosChunk again
    /// and again.
    public static let gzipHeader: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03]

    /// 1 MiB of zeros as deflate blocks ending in a full flush (1037 bytes): any number of them in
    /// a row after gzipHeader is a valid, never-ending gzip stream, about 1000 times its size
    /// once decompressed.
    public static let gzipZerosChunk: [UInt8] = Array(
        Data(
            base64Encoded:
                "7MExAQAAAMKg9U9tCF+gAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA+AwAA//8="
        )!)

    /// Starts a server that answers every request with `status` (its line's code and reason),
    /// `headers` and an endless body: `prefix` once, then `chunk` for ever, waiting `interval`
    /// between chunks when given (a trickle). `sendBufferSize` caps the kernel's send buffer of
    /// each connection, so that little is still in flight once ``stop()`` ends the sending.
    public init(
        status: String = "200 OK", headers: [String: String], prefix: [UInt8] = [], chunk: [UInt8],
        interval: Duration? = nil, sendBufferSize: Int32? = nil
    ) throws {
        self.interval = interval
        self.sendBufferSize = sendBufferSize
        var text = "HTTP/1.1 \(status)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Connection: close\r\n\r\n"
        head = Array(text.utf8)
        self.prefix = prefix
        self.chunk = chunk
        (closedConnections, closed) = AsyncStream<Connection>.makeStream()
        #if canImport(Glibc) || canImport(Musl)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops accepting connections and cuts those still open (their sending ends; they are not
    /// reported as closed by the client).
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        openConnections.withLock { open in
            for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
        }
        closed.finish()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            if stopped.withLock({ $0 }) {
                if connection >= 0 { close(connection) }
                return
            }
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        openConnections.withLock { _ = $0.insert(connection) }
        defer {
            openConnections.withLock { _ = $0.remove(connection) }
            close(connection)
        }
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if var size = sendBufferSize {
            setsockopt(connection, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while !received.isEmpty ? !received.suffix(4).elementsEqual([13, 10, 13, 10]) : true {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            received += buffer[0..<count]
        }
        guard write(head, to: connection) else { return }
        let start = ContinuousClock.now
        var sent = 0
        if !prefix.isEmpty {
            guard write(prefix, to: connection) else { return }
            sent += prefix.count
        }
        while !stopped.withLock({ $0 }), write(chunk, to: connection) {
            sent += chunk.count
            if let interval {
                let (seconds, attoseconds) = interval.components
                usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            }
        }
        let openFor = start.duration(to: .now)
        let (seconds, attoseconds) = openFor.components
        if stopped.withLock({ $0 }) { return }
        closed.yield(Connection(bodyBytesSent: sent, secondsOpen: Double(seconds) + Double(attoseconds) / 1e18))
    }

    /// Writes all of `bytes`; `false` once the client has closed the connection.
    private func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                send(connection, $0.baseAddress! + offset, $0.count - offset, noSignal)
            }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    #if os(Linux)
    private var noSignal: Int32 { Int32(MSG_NOSIGNAL) }
    #else
    private var noSignal: Int32 { 0 }
    #endif
}
