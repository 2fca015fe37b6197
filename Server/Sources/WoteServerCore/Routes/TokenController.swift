import Hummingbird

/// Refresh (§4.2), logout (§4.3, with the `[ext]` `refreshToken`) and the `[ext]`
/// `POST /api/auth/logout/everywhere`.
struct TokenController {
    let state: WoteState

    func addRoutes(to router: Router<WoteRequestContext>) {
        router.post(RouterPath(APIPaths.refresh)) { request, context in
            try await refresh(request, context: context)
        }
        router.post(RouterPath(APIPaths.logout)) { request, context in
            try await logout(request, context: context)
        }
        router.post(RouterPath(APIPaths.logoutEverywhere)) { _, context in
            try await logoutEverywhere(context: context)
        }
    }

    private func refresh(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let body = try await RequestBodyReader.json(RefreshRequestDTO.self, from: request, context: context)
        guard let token = body.refreshToken, case .success(let claims) = state.codec.verify(token) else {
            throw .handled(.invalidRefreshToken)
        }
        guard let pair = await state.refresh(claims) else {
            throw .handled(await state.endingCode(ofRefresh: claims) ?? .invalidRefreshToken)
        }
        return JSONResponse.envelope(Envelope.success("token renew success.", data: pair))
    }

    private func logout(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let bytes = try await RequestBodyReader.bytes(of: request, context: context)
        let body = bytes.isEmpty ? nil : try RequestBodyReader.decode(LogoutRequestDTO.self, from: bytes)
        // [ext]: a refresh token named in the body is that sign-in's; a token that does not verify
        // is ignored (the logout itself still succeeds, as the real server's would).
        var refreshClaims: TokenClaims?
        if let refresh = body?.refreshToken, case .success(let claims) = state.codec.verify(refresh) {
            refreshClaims = claims
        }
        await state.logout(
            tokenID: member.tokenID, memberID: member.memberID, deviceToken: body?.deviceToken, refreshToken: refreshClaims)
        return JSONResponse.envelope(Envelope.success("logout success."))
    }

    /// `[ext]`: ends every sign-in of the member; 404 in real-server mode, as an unknown path.
    private func logoutEverywhere(context: WoteRequestContext) async throws(APIError) -> Response {
        guard await state.settings.extensions else { throw .filter(.notFound) }
        let member = try context.requireMember(profileGate: false)
        let ended = await state.logoutEverywhere(memberID: member.memberID)
        return JSONResponse.envelope(Envelope.success("signed out everywhere.", data: ["endedSessions": ended]))
    }
}
