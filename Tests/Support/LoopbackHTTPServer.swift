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

/// A tiny HTTP/1.1 server on 127.0.0.1, one thread per connection, standing in for a Wote server
/// that answers exactly as a test scripts it. Every answer closes its connection; a `nil` answer
/// never comes (for time-outs).
///
/// Only the accept thread closes the listening socket, after ``stop()``: closing it from another
/// thread would let a new socket reuse the descriptor number under the still-running accept loop,
/// which would then steal another server's connections.
public final class LoopbackHTTPServer: Sendable {
    /// A request as the server read it.
    public struct Request: Sendable, Equatable {
        /// The method, as sent.
        public var method: String
        /// The path and query, as sent.
        public var path: String
        /// Header names lowercased.
        public var headers: [String: String]
        /// The body as text.
        public var body: String = ""

        /// A request as the server read it.
        public init(method: String, path: String, headers: [String: String], body: String = "") {
            self.method = method
            self.path = path
            self.headers = headers
            self.body = body
        }
    }

    /// What the server answers.
    public struct Response: Sendable {
        /// The HTTP status.
        public var status: Int
        /// Extra headers.
        public var headers: [String: String] = [:]
        /// The body.
        public var body: String = ""

        /// An answer to send.
        public init(status: Int, headers: [String: String] = [:], body: String = "") {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// The loopback port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`, the base URL a client under test is pointed at.
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response?
    private let isListening: Bool
    private let state = Locked<(requests: [Request], openConnections: Set<Int32>, stopped: Bool)>(([], [], false))
    private let arrivals: AsyncStream<Request>.Continuation
    /// Each request as it arrives.
    public let requestArrivals: AsyncStream<Request>

    /// Every request received so far.
    public var requests: [Request] { state.current.requests }

    /// Starts a server answering with `handler`.
    ///
    /// - Parameter listening: `false` binds the port without listening, so every connection to it
    ///   is refused while the port stays reserved.
    public init(listening: Bool = true, handler: @escaping @Sendable (Request) -> Response?) throws {
        self.handler = handler
        isListening = listening
        (requestArrivals, arrivals) = AsyncStream<Request>.makeStream()
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
                bind(descriptor, address, length) == 0 && (!listening || listen(descriptor, 64) == 0)
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        if listening {
            let thread = Thread { [self] in acceptLoop() }
            thread.start()
        }
    }

    /// Stops listening and drops every connection still open.
    public func stop() {
        let (open, wasStopped) = state.withLock { state in
            defer {
                state.openConnections.removeAll()
                state.stopped = true
            }
            return (state.openConnections, state.stopped)
        }
        guard !wasStopped else { return }
        if isListening {
            // Wakes the accept loop on Linux, which then closes the socket itself; where shutdown
            // does not wake it, the idle thread keeps the socket until the test process exits.
            shutdown(listener, Int32(SHUT_RDWR))
        } else {
            close(listener)
        }
        for connection in open {
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
        arrivals.finish()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            if state.current.stopped {
                if connection >= 0 { close(connection) }
                return
            }
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard let request = readRequest(connection) else {
            close(connection)
            return
        }
        state.withLock { $0.requests.append(request) }
        arrivals.yield(request)
        guard let response = handler(request) else {
            state.withLock { _ = $0.openConnections.insert(connection) }
            return
        }
        var head = "HTTP/1.1 \(response.status) Status\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.utf8.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array((head + response.body).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                send(connection, $0.baseAddress! + offset, $0.count - offset, noSignal)
            }
            if written <= 0 { break }
            offset += written
        }
        close(connection)
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            received += buffer[0..<count]
            headEnd = received.indices.dropLast(3).first { Array(received[$0..<$0 + 4]) == separator }
        }
        let lines = String(decoding: received[0..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        // Read the whole body, so the client is not cut off mid-send.
        var body = Array(received[(headEnd! + 4)...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            body += buffer[0..<count]
        }
        return Request(
            method: String(requestLine[0]), path: String(requestLine[1]), headers: headers,
            body: String(decoding: body, as: UTF8.self))
    }

    #if os(Linux)
    private var noSignal: Int32 { Int32(MSG_NOSIGNAL) }
    #else
    private var noSignal: Int32 { 0 }
    #endif
}
