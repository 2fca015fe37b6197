import Hummingbird

/// Social login (§4.1): `code=apple:<name>&state=APPLE` and `code=kakao:<name>&state=KAKAO`
/// sign in the stable test member of that provider and name.
struct LoginController {
    enum Provider: String, CaseIterable {
        case apple
        case kakao

        var path: String { self == .apple ? APIPaths.appleLogin : APIPaths.kakaoLogin }
        var state: String { rawValue.uppercased() }
        var codePrefix: String { rawValue + ":" }

        func identity(name: String) -> MemberIdentity {
            self == .apple ? .apple(name) : .kakao(name)
        }
    }

    let state: WoteState

    func addRoutes(to router: Router<WoteRequestContext>) {
        for provider in Provider.allCases {
            router.post(RouterPath(provider.path)) { request, context in
                try await login(request, context: context, provider: provider)
            }
        }
    }

    private func login(_ request: Request, context: WoteRequestContext, provider: Provider) async throws(APIError) -> Response {
        let body = try await RequestBodyReader.bytes(of: request, context: context)
        var fields = FormURLEncoded.parse(String(decoding: body, as: UTF8.self))
        for (name, value) in FormURLEncoded.parse(request.uri.query ?? "") where fields[name] == nil {
            fields[name] = value
        }
        guard let code = fields["code"], !code.isEmpty else {
            throw .filter(.missingParameter, "Required request parameter 'code' is not present")
        }
        guard fields["state"]?.uppercased() == provider.state else {
            throw .filter(.authorizationCodeRejected, "Authorization rejected: state must be \(provider.state)")
        }
        guard code.hasPrefix(provider.codePrefix), let name = Self.memberName(code.dropFirst(provider.codePrefix.count)) else {
            throw .filter(
                .authorizationCodeRejected,
                "Authorization code rejected: test codes look like \(provider.codePrefix)<name>"
            )
        }
        let outcome = await state.signIn(provider.identity(name: name))
        return LoginDataDTO.response(for: outcome)
    }

    /// 1 to 64 visible characters, no spaces.
    private static func memberName(_ text: Substring) -> String? {
        guard (1...64).contains(text.count), !text.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            return nil
        }
        return String(text)
    }
}
