import Hummingbird

/// The second listener (test hooks only): answers every request with a 200 envelope and counts
/// whether it carried an Authorization header, so a test can see a token leak across hosts.
struct RedirectTargetResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let counters: RequestCounters
    let accessLog: LineSink?

    func respond(to request: Request, context: Context) async throws -> Response {
        await counters.recordRedirectTarget(authorizationPresent: request.headers[.authorization] != nil)
        accessLog?.write("redirect-target \(request.method.rawValue) \(request.uri.path) 200")
        let data = RedirectTargetDTO(redirectTarget: true, path: request.uri.path)
        return JSONResponse.envelope(Envelope.success(data: data))
    }
}

struct RedirectTargetDTO: Encodable, Sendable {
    let redirectTarget: Bool
    let path: String
}
