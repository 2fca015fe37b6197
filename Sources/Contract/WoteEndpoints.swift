package import Foundation
package import WoteData
package import WoteDomain
package import WoteRepository
import WoteSession
import WoteWire

/// The Wote contract's endpoints (§4), one builder per path.
///
/// JSON bodies are encoded with sorted keys and unescaped slashes and sent as
/// `Content-Type: application/json`. Login, sign-up, sign-in, nickname check and the refresh call
/// never carry `Authorization`; every other endpoint is `.bearer`.
package enum WoteEndpoints {
    /// The paths that the session contract needs as well, relative to the base URL: its refresh
    /// call, and the prefix of the paths outside the profile gate (§4.10). Every other path is
    /// written once, in its builder below.
    package enum Path {
        package static let refresh = "/api/auth/refresh"
        package static let profile = "/api/profiles"
        package static let logout = "/api/auth/logout"
    }

    /// The file name given to the profile image part.
    package static let profileImageFilename = "profile.jpg"

    /// §4.1 / §4.13: the login for `credential`: the social form login for Apple and Kakao codes,
    /// the JSON sign-in for an ID and password.
    package static func login(_ credential: LoginCredential) -> Endpoint {
        switch credential {
        case .apple(let code, _): appleLogin(authorizationCode: code)
        case .kakao(let code): kakaoLogin(authorizationCode: code)
        case .password(let loginId, let password): signIn(SignInRequestDTO(loginId: loginId, password: password))
        }
    }

    /// §4.1: `POST /login/oauth2/code/apple`, form body `code=…&state=APPLE`.
    package static func appleLogin(authorizationCode: String) -> Endpoint {
        socialLogin(path: "/login/oauth2/code/apple", code: authorizationCode, state: "APPLE")
    }

    /// §4.1 [ext]: `POST /login/oauth2/code/kakao`, form body `code=…&state=KAKAO`.
    package static func kakaoLogin(authorizationCode: String) -> Endpoint {
        socialLogin(path: "/login/oauth2/code/kakao", code: authorizationCode, state: "KAKAO")
    }

    /// §4.13 [ext]: `POST /api/auth/signin`, JSON `{"loginId","password"}`.
    package static func signIn(_ request: SignInRequestDTO) -> Endpoint {
        jsonEndpoint(.post, "/api/auth/signin", request, authorization: .none)
    }

    /// §4.12 [ext]: `POST /api/auth/signup`, JSON `{"email","loginId","name","password","phone"}`.
    package static func signUp(_ request: SignUpRequestDTO) -> Endpoint {
        jsonEndpoint(.post, "/api/auth/signup", request, authorization: .none)
    }

    /// §4.4: `POST /api/profiles/isValidNickname`, JSON `{"nickname"}`. No Authorization.
    package static func checkNickname(_ request: NicknameRequestDTO) -> Endpoint {
        jsonEndpoint(.post, "/api/profiles/isValidNickname", request, authorization: .none)
    }

    /// §4.5: `POST /api/profiles`, `multipart/form-data` with the JSON part `profileRequest` and,
    /// when there is an image, the JPEG part `imageFile`. Bearer.
    ///
    /// - Parameters:
    ///   - request: the nickname and school.
    ///   - imageJPEG: the profile image's JPEG bytes, if any.
    ///   - boundary: the multipart boundary; random unless a test fixes it.
    package static func setUpProfile(
        _ request: ProfileRequestDTO, imageJPEG: Data?, boundary: String = MultipartFormData.randomBoundary()
    ) -> Endpoint {
        var form = MultipartFormData(boundary: boundary)
        form.append(name: "profileRequest", contentType: Endpoint.jsonContentType, data: Endpoint.jsonBody(request))
        if let imageJPEG {
            form.append(name: "imageFile", filename: profileImageFilename, contentType: "image/jpeg", data: imageJPEG)
        }
        return Endpoint(
            method: .post, path: Path.profile, headers: ["Content-Type": form.contentType], body: form.encoded(),
            authorization: .bearer)
    }

    /// §4.6: `GET /api/profiles`. Bearer.
    package static func myProfile() -> Endpoint {
        Endpoint(method: .get, path: Path.profile, authorization: .bearer)
    }

    /// §4.7: `PUT /api/profiles/consumerType`, JSON `{"consumerType"}`. Bearer.
    package static func setConsumerType(_ request: ConsumerTypeRequestDTO) -> Endpoint {
        jsonEndpoint(.put, "/api/profiles/consumerType", request, authorization: .bearer)
    }

    /// §4.8: `DELETE /api/members`, no body. Bearer.
    package static func withdraw() -> Endpoint {
        var endpoint = Endpoint(method: .delete, path: "/api/members", authorization: .bearer)
        endpoint.answerOutlivesItsSession = true
        return endpoint
    }

    /// §4.8 `[ext]`: `DELETE /api/members` with JSON `{"appleAuthorizationCode"}`, a fresh Sign in
    /// with Apple code for the server to revoke the member's Apple tokens (the real server ignores
    /// the body). Bearer.
    package static func withdraw(_ request: WithdrawalRequestDTO) -> Endpoint {
        var endpoint = jsonEndpoint(.delete, "/api/members", request, authorization: .bearer)
        endpoint.answerOutlivesItsSession = true
        return endpoint
    }

    /// `[ext]`: `POST /api/auth/logout/everywhere`, no body: ends every sign-in of the member (the
    /// real server answers 404). Bearer.
    package static func logoutEverywhere() -> Endpoint {
        Endpoint(method: .post, path: "/api/auth/logout/everywhere", authorization: .bearer)
    }

    /// §4.9: `POST /api/notifications/tokens`, JSON `{"deviceToken"}`. Bearer.
    package static func registerDeviceToken(_ request: DeviceTokenRequestDTO) -> Endpoint {
        jsonEndpoint(.post, "/api/notifications/tokens", request, authorization: .bearer)
    }

    private static func socialLogin(path: String, code: String, state: String) -> Endpoint {
        Endpoint(
            method: .post, path: path, headers: ["Content-Type": FormURLEncoder.contentType],
            body: FormURLEncoder.encode([("code", code), ("state", state)]), authorization: .none)
    }

    private static func jsonEndpoint(
        _ method: HTTPMethod, _ path: String, _ body: some Encodable, authorization: Endpoint.Authorization
    ) -> Endpoint {
        Endpoint.json(method, path, body, authorization: authorization)
    }
}
