import Hummingbird
import NIOCore

/// Applies the injected faults (test hooks only) before anything else looks at the request.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = WoteRequestContext
    let faults: FaultBook

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard !APIPaths.isTestHook(path),
            let rule = await faults.take(method: request.method.rawValue, path: path)
        else { return try await next(request, context) }
        switch rule.kind {
        case .delay:
            try await Task.sleep(for: .milliseconds(rule.delayMs ?? 0))
            return try await next(request, context)
        case .drop:
            // Read the request first so the peer sees a clean close (FIN), not a reset, then close
            // the connection before any byte of an answer is written. Hummingbird's attempt to
            // write the response below then fails quietly on the closed channel.
            _ = try? await request.body.collect(upTo: context.maxUploadSize)
            context.channel.close(mode: .all, promise: nil)
            try? await context.channel.closeFuture.get()
            return Response(status: HTTPResponse.Status(code: FaultResponses.droppedStatus))
        case .dropAnswer:
            // The server acts on the request (its answer, success or error, is thrown away), then
            // the connection closes as for `drop`.
            _ = try? await next(request, context)
            context.channel.close(mode: .all, promise: nil)
            try? await context.channel.closeFuture.get()
            return Response(status: HTTPResponse.Status(code: FaultResponses.droppedStatus))
        case .holdAnswer:
            // The server acts on the request, then waits before its answer goes out.
            let response = try await next(request, context)
            try? await Task.sleep(for: .milliseconds(rule.delayMs ?? 0))
            return response
        default:
            return FaultResponses.response(for: rule)
        }
    }
}
