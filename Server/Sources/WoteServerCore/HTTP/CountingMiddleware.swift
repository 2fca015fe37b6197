import Hummingbird

/// Counts every answered request for `/__test/counters` (test hook paths excluded).
struct CountingMiddleware: RouterMiddleware {
    typealias Context = WoteRequestContext
    let counters: RequestCounters

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard !APIPaths.isTestHook(path) else { return try await next(request, context) }
        let status: String
        let result: Result<Response, any Error>
        await counters.requestStarted()
        do {
            let response = try await next(request, context)
            status = AccessLogMiddleware<Context>.statusText(response.status.code)
            result = .success(response)
        } catch {
            status = "error"
            result = .failure(error)
        }
        await counters.recordRequest(
            key: "\(request.method.rawValue) \(path) \(status)",
            authorization: request.headers[.authorization],
            isRefresh: request.method == .post && path == APIPaths.refresh
        )
        await counters.requestFinished()
        return try result.get()
    }
}
