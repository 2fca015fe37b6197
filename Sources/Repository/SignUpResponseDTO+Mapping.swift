package import WoteDomain

extension SignUpRequestDTO {
    /// The wire body for `form`.
    package init(_ form: SignUpForm) {
        self.init(loginId: form.loginId, password: form.password, name: form.name, email: form.email, phone: form.phone)
    }
}

extension SignUpResponseDTO {
    /// What the person is told when a malformed-request refusal carries no message.
    package static let malformedRequestMessage = "The sign-up request was malformed."

    /// Decides what a sign-up answer (the older envelope, §4.12) means.
    ///
    /// - HTTP or body status ≥ 500: ``WoteError/serverFailure(status:code:message:)``.
    /// - `success: true` with a 2xx body status: created.
    /// - HTTP or body status 400 (a malformed request): ``WoteError/rejected(code:message:)`` with
    ///   code `G001` ("bad request", as the contract's code table names it) and the server's message,
    ///   or ``malformedRequestMessage`` when it sent none.
    /// - anything else (`success: false` on HTTP 200): ``WoteError/rejected(code:message:)`` with the
    ///   server's message as it is, since it is meant for the person.
    ///
    /// - Throws: the refusal or failure.
    package func requireCreated() throws(WoteError) {
        if httpStatus >= 500 || status >= 500 {
            throw .serverFailure(status: httpStatus >= 500 ? httpStatus : status, code: nil, message: message)
        }
        if success && (200..<300).contains(status) { return }
        if httpStatus == 400 || status == 400 {
            throw .rejected(
                code: DivisionCode.badRequest.rawValue,
                message: message.isEmpty ? SignUpResponseDTO.malformedRequestMessage : message)
        }
        throw .rejected(code: nil, message: message)
    }
}
