import Hummingbird

/// Withdrawal (§4.8, with the `[ext]` Apple authorization code) and device tokens (§4.9).
struct MemberController {
    let state: WoteState
    let apple: AppleStandIn

    func addRoutes(to router: Router<WoteRequestContext>) {
        router.delete(RouterPath(APIPaths.members)) { request, context in
            try await withdraw(request, context: context)
        }
        router.post(RouterPath(APIPaths.deviceTokens)) { request, context in
            try await registerDeviceToken(request, context: context)
        }
    }

    /// Deletes the member. `[ext]`: an Apple member's withdrawal may carry a fresh authorization
    /// code (`{"appleAuthorizationCode": ...}`); the server exchanges it at Apple's token endpoint
    /// and revokes the refresh token it gets (TN3194), before the account goes. A code of another
    /// Apple user is refused with A001 and nothing is deleted. In real-server mode the body is ignored.
    private func withdraw(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let bytes = try await RequestBodyReader.bytes(of: request, context: context)
        let body = bytes.isEmpty ? nil : try RequestBodyReader.decode(WithdrawalRequestDTO.self, from: bytes)
        if await state.settings.extensions, let code = body?.appleAuthorizationCode,
            let appleName = await state.appleName(memberID: member.memberID)
        {
            guard let exchanged = await apple.exchange(code: code), exchanged.user == appleName else {
                throw .handled(.authorizationCodeRejected, "Authorization code rejected: not this member's Apple code")
            }
            await apple.revoke(refreshToken: exchanged.refreshToken, member: appleName, code: code)
        }
        try await state.withdraw(memberID: member.memberID)
        return JSONResponse.envelope(Envelope.success())
    }

    private func registerDeviceToken(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let body = try await RequestBodyReader.json(DeviceTokenRequestDTO.self, from: request, context: context)
        guard let token = body.deviceToken, DeviceTokenRule.isValid(token) else {
            throw .handled(.validationFailed, reason: "deviceToken must be a hexadecimal string")
        }
        try await state.addDeviceToken(memberID: member.memberID, token)
        return JSONResponse.envelope(Envelope.success())
    }
}
