package import WoteDomain

extension SignUpRequestDTO {
    /// The wire body for `form`.
    package init(_ form: SignUpForm) {
        self.init(loginId: form.loginId, password: form.password, name: form.name, email: form.email, phone: form.phone)
    }
}

extension SignUpResponseDTO {
    /// What a sign-up answer (the older envelope, §4.12, which carries no division code) means.
    ///
    /// - HTTP or body status ≥ 500: a server failure.
    /// - `success: true` with a 2xx body status: created.
    /// - HTTP or body status 400: a malformed request, with the server's message.
    /// - anything else (`success: false` on HTTP 200): refused, with the server's message as it is,
    ///   since it is meant for the person.
    package var outcome: SignUpOutcome {
        if httpStatus >= 500 || status >= 500 {
            return .serverFailure(
                .serverFailure(status: httpStatus >= 500 ? httpStatus : status, code: nil, message: message))
        }
        if success && (200..<300).contains(status) { return .created }
        if httpStatus == 400 || status == 400 { return .malformedRequest(message: message) }
        return .refused(message: message)
    }
}
