import Hummingbird

/// ID/password accounts: sign-up (§4.12, older envelope) and sign-in (§4.13, login envelope).
struct AccountController {
    let state: WoteState
    let passwordIterations: Int

    func addRoutes(to router: Router<WoteRequestContext>) {
        router.post(RouterPath(APIPaths.signUp)) { request, context in
            try await signUp(request, context: context)
        }
        router.post(RouterPath(APIPaths.signIn)) { request, context in
            try await signIn(request, context: context)
        }
    }

    private func signUp(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let bytes = try await RequestBodyReader.bytes(of: request, context: context)
        let body: SignUpRequestDTO
        do {
            body = try RequestBodyReader.decode(SignUpRequestDTO.self, from: bytes)
        } catch {
            let reason = error.reason.map { ": \($0)" } ?? ""
            return JSONResponse.make(LegacyEnvelope.malformed("잘못된 요청입니다\(reason)"), status: 400)
        }
        if let violation = AccountRules.firstViolation(
            loginId: body.loginId, password: body.password, name: body.name, email: body.email, phone: body.phone
        ) {
            return JSONResponse.make(LegacyEnvelope.refused(violation))
        }
        // Hash before entering the actor: PBKDF2 is slow on purpose and must not hold up other requests.
        let details = AccountDetails(
            name: body.name,
            email: body.email,
            phone: body.phone,
            passwordHash: PasswordHash(hashing: body.password, iterations: passwordIterations)
        )
        do {
            try await state.createAccount(loginId: body.loginId, details: details)
        } catch {
            return JSONResponse.make(LegacyEnvelope.refused(error.message))
        }
        return JSONResponse.make(LegacyEnvelope.created)
    }

    private func signIn(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let bytes = try await RequestBodyReader.bytes(of: request, context: context)
        let body: SignInRequestDTO
        do {
            body = try RequestBodyReader.decode(SignInRequestDTO.self, from: bytes)
        } catch {
            throw APIError.filter(error.code, error.message, reason: error.reason)
        }
        let stored = await state.passwordHash(loginId: body.loginId)
        // An unknown ID costs the same hashing time as a known one.
        let hash = stored?.hash ?? PasswordHash(salt: Array(repeating: 0, count: 16), iterations: passwordIterations, derivedKey: [])
        guard hash.matches(body.password), let memberID = stored?.memberID,
            let outcome = await state.signInAccount(memberID: memberID)
        else {
            throw .filter(.wrongCredentials)
        }
        return LoginDataDTO.response(for: outcome)
    }
}
