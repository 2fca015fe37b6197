import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A tiny HTTP/1.1 server on 127.0.0.1 with a fixed set of routes (see ``LoopbackHandler``), for
/// driving the transport over a real socket.
final class LoopbackServer: Sendable {
    /// What the server saw, in order, for tests that must wait for the server.
    enum Event: Sendable, Equatable {
        /// A whole request arrived (its path).
        case received(String)
        /// A client closed its connection (or the connection broke).
        case connectionClosed
    }

    /// `http://127.0.0.1:<port>`.
    let baseURL: URL
    /// Every event, as it happens.
    let events: AsyncStream<Event>
    private let paths: NIOLockedValueBox<[String]>
    private let channel: any Channel

    private init(baseURL: URL, events: AsyncStream<Event>, paths: NIOLockedValueBox<[String]>, channel: any Channel) {
        self.baseURL = baseURL
        self.events = events
        self.paths = paths
        self.channel = channel
    }

    /// The paths of the requests received so far, in order. Complete for every answer the client
    /// has read, since a request is logged before its answer is written.
    var receivedPaths: [String] { paths.withLockedValue { $0 } }

    /// Starts a server on a free loopback port.
    static func start() async throws -> LoopbackServer {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let paths = NIOLockedValueBox<[String]>([])
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(
                        LoopbackHandler(events: continuation, paths: paths))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(port)") else {
            try await channel.close()
            throw LoopbackFailure("the loopback server has no port")
        }
        return LoopbackServer(baseURL: url, events: events, paths: paths, channel: channel)
    }

    /// A loopback URL nothing listens on: a port that was bound and closed again.
    static func closedPortURL() async throws -> URL {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        guard port != 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw LoopbackFailure("no free port")
        }
        return url
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)!
    }

    /// Waits for `event`; `false` if the stream ended first.
    func waitFor(_ event: Event) async -> Bool {
        for await seen in events where seen == event { return true }
        return false
    }

    /// Stops listening. Connections still open are closed by the client's shutdown.
    func stop() async throws {
        try await channel.close()
    }
}

/// A test setup failure.
struct LoopbackFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
