import Hummingbird

/// `data` of a login answer (§4.1, §4.13): `consumerTypeExist` only once the profile is completed.
struct LoginDataDTO: Encodable, Sendable {
    let consumerTypeExist: Bool?
    let jwtToken: TokenPairDTO
}

extension LoginDataDTO {
    /// HTTP 200 either way; body 200 when the profile is completed, else body 400 E009 with tokens.
    static func response(for outcome: SignInOutcome) -> Response {
        if outcome.profileCompleted {
            let data = LoginDataDTO(consumerTypeExist: outcome.consumerTypeExist, jwtToken: outcome.pair)
            return JSONResponse.envelope(Envelope.success(data: data))
        }
        let code = DivisionCode.signUpNotCompleted
        let envelope = Envelope(
            status: code.status,
            divisionCode: code.rawValue,
            message: code.defaultMessage,
            data: LoginDataDTO(consumerTypeExist: nil, jwtToken: outcome.pair)
        )
        return JSONResponse.envelope(envelope)
    }
}
