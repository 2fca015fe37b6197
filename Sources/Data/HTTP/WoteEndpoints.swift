package import Foundation
package import WoteDomain
package import WoteRepository

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

    /// The media type of JSON bodies.
    package static let jsonContentType = "application/json"
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

    /// §4.2, or another backend's refresh call: `call`'s method and path, with `refreshToken` where
    /// `call` puts it. The Wote call (``SessionContract/wote``) is `POST /api/auth/refresh` with JSON
    /// `{"refreshToken"}` and never `Authorization`, since the server would reject an expired access
    /// token there before looking at the body.
    ///
    /// - Parameters:
    ///   - call: the backend's refresh call.
    ///   - refreshToken: the refresh token to present.
    /// - Returns: the endpoint, and the token to send as `Authorization: Bearer`: the refresh token
    ///   for ``RefreshCall/Placement/bearer``, else `nil`, so the access token never rides along.
    package static func refresh(_ call: RefreshCall, refreshToken: String) -> (endpoint: Endpoint, bearer: String?) {
        let method = call.method
        switch call.placement {
        case .jsonBody(let field):
            return (jsonEndpoint(method, call.path, [field: refreshToken], authorization: .none), nil)
        case .header(let name, let prefix):
            return (
                Endpoint(method: method, path: call.path, headers: [name: prefix + refreshToken], authorization: .none),
                nil
            )
        case .bearer:
            return (Endpoint(method: method, path: call.path, authorization: .bearer), refreshToken)
        }
    }

    /// A backend's logout call (``SessionContract/logout``): `call`'s method and path, with the
    /// token `call` names where it says, and the device token in the JSON body when `call` has a
    /// field for it. Wote's (``SessionContract/wote``) is `POST /api/auth/logout`, Bearer, with JSON
    /// `{"deviceToken"}` ("" when there is none), §4.3.
    ///
    /// - Parameters:
    ///   - call: the backend's logout call.
    ///   - accessToken: the access token, for ``LogoutCall/Credential/accessToken``.
    ///   - refreshToken: the refresh token, for ``LogoutCall/Credential/refreshToken(_:)``.
    ///   - deviceToken: the push device token, if any.
    /// - Returns: the endpoint, and the token to send as `Authorization: Bearer`.
    package static func logout(
        _ call: LogoutCall, accessToken: String, refreshToken: String, deviceToken: String?
    ) -> (endpoint: Endpoint, bearer: String?) {
        var fields: [String: String] = [:]
        if let field = call.deviceTokenField { fields[field] = deviceToken ?? "" }
        var headers: [String: String] = [:]
        var authorization = Endpoint.Authorization.none
        var bearer: String?
        switch call.credential {
        case .accessToken:
            (authorization, bearer) = (.bearer, accessToken)
        case .refreshToken(.bearer):
            (authorization, bearer) = (.bearer, refreshToken)
        case .refreshToken(.header(let name, let prefix)):
            headers[name] = prefix + refreshToken
        case .refreshToken(.jsonBody(let field)):
            fields[field] = refreshToken
        }
        guard !fields.isEmpty else {
            return (
                Endpoint(method: call.method, path: call.path, headers: headers, authorization: authorization), bearer
            )
        }
        var endpoint = jsonEndpoint(call.method, call.path, fields, authorization: authorization)
        endpoint.headers.merge(headers) { json, _ in json }
        return (endpoint, bearer)
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
        form.append(name: "profileRequest", contentType: jsonContentType, data: json(request))
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

    /// §4.9: `POST /api/notifications/tokens`, JSON `{"deviceToken"}`. Bearer.
    package static func registerDeviceToken(_ request: DeviceTokenRequestDTO) -> Endpoint {
        jsonEndpoint(.post, "/api/notifications/tokens", request, authorization: .bearer)
    }

    /// The JSON encoding of a request body: sorted keys, `/` left unescaped, UTF-8 as it is.
    package static func json(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            // The request DTOs hold strings only, which always encode; failing here is a bug.
            preconditionFailure("request body \(type(of: value)) failed to encode")
        }
    }

    private static func socialLogin(path: String, code: String, state: String) -> Endpoint {
        Endpoint(
            method: .post, path: path, headers: ["Content-Type": FormURLEncoder.contentType],
            body: FormURLEncoder.encode([("code", code), ("state", state)]), authorization: .none)
    }

    private static func jsonEndpoint(
        _ method: HTTPMethod, _ path: String, _ body: some Encodable, authorization: Endpoint.Authorization
    ) -> Endpoint {
        Endpoint(
            method: method, path: path, headers: ["Content-Type": jsonContentType], body: json(body),
            authorization: authorization)
    }
}
