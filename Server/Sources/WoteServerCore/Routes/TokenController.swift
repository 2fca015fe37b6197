import Hummingbird

/// Refresh (§4.2) and logout (§4.3).
struct TokenController {
    let state: WoteState

    func addRoutes(to router: Router<WoteRequestContext>) {
        router.post(RouterPath(APIPaths.refresh)) { request, context in
            try await refresh(request, context: context)
        }
        router.post(RouterPath(APIPaths.logout)) { request, context in
            try await logout(request, context: context)
        }
    }

    private func refresh(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let body = try await RequestBodyReader.json(RefreshRequestDTO.self, from: request, context: context)
        guard let token = body.refreshToken, case .success(let claims) = state.codec.verify(token),
            let pair = await state.refresh(claims)
        else {
            throw .handled(.invalidRefreshToken)
        }
        return JSONResponse.envelope(Envelope.success("token renew success.", data: pair))
    }

    private func logout(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let bytes = try await RequestBodyReader.bytes(of: request, context: context)
        let deviceToken = bytes.isEmpty ? nil : try RequestBodyReader.decode(DeviceTokenRequestDTO.self, from: bytes).deviceToken
        await state.logout(tokenID: member.tokenID, memberID: member.memberID, deviceToken: deviceToken)
        return JSONResponse.envelope(Envelope.success("logout success."))
    }
}
