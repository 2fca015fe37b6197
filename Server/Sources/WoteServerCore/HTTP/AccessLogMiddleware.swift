import Hummingbird

/// One line per request on the access log: method, path (without the query), status, duration.
/// Header values, and so tokens, are never written.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let sink: LineSink
    let label: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: Self.statusText(response.status.code), since: start)
            return response
        } catch {
            log(request, status: "error", since: start)
            throw error
        }
    }

    static func statusText(_ code: Int) -> String {
        code == FaultResponses.droppedStatus ? "dropped" : String(code)
    }

    private func log(_ request: Request, status: String, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        let milliseconds = "\(microseconds / 1000).\(String(microseconds % 1000 / 10 + 100).dropFirst())"
        sink.write("\(label) \(request.method.rawValue) \(request.uri.path) \(status) \(milliseconds)ms")
    }
}
