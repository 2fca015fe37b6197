import Hummingbird

/// Validates any Authorization header on every path, as the real server's JWT filter does (§4.2):
/// a token that is not accepted answers 401 E004–E007 (or 404 E001) whatever the path, the
/// refresh path included. An accepted token puts its member in the context.
struct AuthorizationMiddleware: RouterMiddleware {
    typealias Context = WoteRequestContext
    let state: WoteState
    let counters: RequestCounters?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], !APIPaths.isTestHook(request.uri.path) else {
            return try await next(request, context)
        }
        var context = context
        context.member = try await authenticate(header)
        return try await next(request, context)
    }

    private func authenticate(_ header: String) async throws(APIError) -> AuthenticatedMember {
        let scheme = "bearer "
        guard header.count > scheme.count, header.prefix(scheme.count).lowercased() == scheme else {
            throw .filter(.malformedJWT, "Malformed JWT: not a Bearer token")
        }
        let token = header.dropFirst(scheme.count).drop(while: { $0 == " " })
        let claims: TokenClaims
        switch state.codec.verify(token) {
        case .success(let verified): claims = verified
        case .failure(let fault): throw .filter(fault.code)
        }
        switch await state.checkAccess(claims) {
        case .accepted(let member):
            return member
        case .rejected(let error, let observation):
            if let observation { await counters?.record(observation) }
            throw error
        }
    }
}
