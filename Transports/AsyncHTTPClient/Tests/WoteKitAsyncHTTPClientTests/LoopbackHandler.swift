import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// The loopback server's routes:
///
/// - `/status`: 201 with `X-Test: one`, two `X-Multi` headers and the body `hello, loopback`.
/// - `/redirect`: 302 to `/target`, body `moved`.
/// - `/echo`: 200 with an ``EchoedRequest`` of the request as JSON.
/// - `/silent`: never answers.
/// - `/stall-body`: the head and 10 of 100 promised body bytes, then nothing.
/// - `/bytes/N`: N bytes with `Content-Length`; `/chunked/N`: N bytes chunked, without it.
/// - `POST /api/profiles/isValidNickname`: Wote's nickname check; a nickname with `taken` in it is taken.
/// - `/moved/…`: 307 to `/…`, for WoteKit's own redirect following.
/// - anything else: 404.
final class LoopbackHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let events: AsyncStream<LoopbackServer.Event>.Continuation
    private let paths: NIOLockedValueBox<[String]>
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(events: AsyncStream<LoopbackServer.Event>.Continuation, paths: NIOLockedValueBox<[String]>) {
        self.events = events
        self.paths = paths
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let part):
            body.append(contentsOf: part.readableBytesView)
        case .end:
            guard let head else { return }
            let path = String(head.uri.split(separator: "?", maxSplits: 1).first ?? "")
            paths.withLockedValue { $0.append(path) }
            events.yield(.received(path))
            respond(to: head, path: path, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        events.yield(.connectionClosed)
        context.fireChannelInactive()
    }

    private func respond(to head: HTTPRequestHead, path: String, context: ChannelHandlerContext) {
        let components = path.split(separator: "/").map(String.init)
        switch (head.method, components.first ?? "") {
        case (_, "status"):
            write(
                .created, ["X-Test": "one", "X-Multi": "a", "x-multi": "b", "Content-Type": "text/plain"],
                Array("hello, loopback".utf8), context: context)
        case (_, "redirect"):
            write(.found, ["Location": "/target"], Array("moved".utf8), context: context)
        case (_, "echo"):
            let echoed = EchoedRequest(
                method: head.method.rawValue, uri: head.uri, headers: head.headers.map { [$0.name, $0.value] },
                body: String(decoding: body, as: UTF8.self))
            let json = (try? JSONEncoder().encode(echoed)) ?? Data()
            write(.ok, ["Content-Type": "application/json"], Array(json), context: context)
        case (_, "silent"):
            break
        case (_, "stall-body"):
            var headers = HTTPHeaders()
            headers.add(name: "Content-Length", value: "100")
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil
            )
            context.writeAndFlush(
                wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: Array(repeating: UInt8(ascii: "x"), count: 10))))),
                promise: nil)
        case (_, "bytes") where components.count == 2:
            write(.ok, [:], Array(repeating: UInt8(ascii: "b"), count: Int(components[1]) ?? 0), context: context)
        case (_, "chunked") where components.count == 2:
            writeChunked(Array(repeating: UInt8(ascii: "c"), count: Int(components[1]) ?? 0), context: context)
        case (.POST, "api") where path == "/api/profiles/isValidNickname":
            let taken = String(decoding: body, as: UTF8.self).contains("taken")
            let json =
                taken
                ? #"{"status":409,"message":"duplicate nickname","data":{"isExist":true}}"#
                : #"{"status":200,"message":"unique nickname","data":{"isExist":false}}"#
            write(.ok, ["Content-Type": "application/json"], Array(json.utf8), context: context)
        case (_, "moved"):
            let target = "/" + components.dropFirst().joined(separator: "/")
            write(.temporaryRedirect, ["Location": target], [], context: context)
        default:
            write(.notFound, [:], Array("not found".utf8), context: context)
        }
    }

    private func write(
        _ status: HTTPResponseStatus, _ fields: KeyValuePairs<String, String>, _ bytes: [UInt8],
        context: ChannelHandlerContext
    ) {
        var headers = HTTPHeaders()
        for (name, value) in fields { headers.add(name: name, value: value) }
        headers.add(name: "Content-Length", value: "\(bytes.count)")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        if !bytes.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    private func writeChunked(_ bytes: [UInt8], context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok))), promise: nil)
        var start = 0
        while start < bytes.count {
            let end = min(start + 512, bytes.count)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes[start..<end])))), promise: nil)
            start = end
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}

/// What `/echo` answers: the request as the server read it.
struct EchoedRequest: Codable, Sendable {
    var method: String
    var uri: String
    /// `[name, value]` pairs in the order received.
    var headers: [[String]]
    var body: String
}
