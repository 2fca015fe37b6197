import Hummingbird

/// Withdrawal (§4.8) and device tokens (§4.9).
struct MemberController {
    let state: WoteState

    func addRoutes(to router: Router<WoteRequestContext>) {
        router.delete(RouterPath(APIPaths.members)) { _, context in
            try await withdraw(context: context)
        }
        router.post(RouterPath(APIPaths.deviceTokens)) { request, context in
            try await registerDeviceToken(request, context: context)
        }
    }

    private func withdraw(context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
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
