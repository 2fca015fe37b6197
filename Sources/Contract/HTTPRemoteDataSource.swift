package import Foundation
package import WoteData
package import WoteDomain
package import WoteRepository
import WoteSession
package import WoteWire

/// The Wote server's endpoints over HTTP: builds each endpoint, sends it, and decodes the answer
/// into an envelope or a typed ``APIError``.
///
/// A success envelope without `data` from an endpoint whose success carries a payload (login,
/// nickname check, my profile) is malformed (`missingField("data")`): it can only be a broken answer.
///
/// The sender decides about tokens: ``HTTPClient`` sends none (for login, sign-up and nickname
/// check), the session engine adds the access token for the `.bearer` endpoints.
package struct HTTPRemoteDataSource: RemoteDataSource {
    private let sender: any HTTPSending
    private let multipartBoundary: @Sendable () -> String

    /// - Parameters:
    ///   - sender: sends the endpoints.
    ///   - multipartBoundary: makes the profile setup's multipart boundary; random unless a test fixes it.
    package init(
        sender: any HTTPSending, multipartBoundary: @escaping @Sendable () -> String = MultipartFormData.randomBoundary
    ) {
        self.sender = sender
        self.multipartBoundary = multipartBoundary
    }

    package func login(_ credential: LoginCredential) async throws(APIError) -> ResponseEnvelope<LoginDataDTO> {
        try await envelope(LoginDataDTO.self, for: WoteEndpoints.login(credential), requiringData: true)
    }

    package func signUp(_ request: SignUpRequestDTO) async throws(APIError) -> SignUpResponseDTO {
        let response = try await sender.send(WoteEndpoints.signUp(request))
        var answer = try EnvelopeDecoder.decodePlain(
            SignUpResponseDTO.self, from: response.body, httpStatus: response.status,
            contentType: response.contentType)
        answer.httpStatus = response.status
        return answer
    }

    package func checkNickname(_ request: NicknameRequestDTO) async throws(APIError)
        -> ResponseEnvelope<NicknameCheckDTO>
    {
        try await envelope(NicknameCheckDTO.self, for: WoteEndpoints.checkNickname(request), requiringData: true)
    }

    package func setUpProfile(_ request: ProfileRequestDTO, imageJPEG: Data?) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    {
        let endpoint = WoteEndpoints.setUpProfile(request, imageJPEG: imageJPEG, boundary: multipartBoundary())
        return try await envelope(IgnoredPayload.self, for: endpoint)
    }

    package func fetchMyProfile() async throws(APIError) -> ResponseEnvelope<ProfileDTO> {
        try await envelope(ProfileDTO.self, for: WoteEndpoints.myProfile(), requiringData: true)
    }

    package func setConsumerType(_ request: ConsumerTypeRequestDTO) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    {
        try await envelope(IgnoredPayload.self, for: WoteEndpoints.setConsumerType(request))
    }

    package func registerDeviceToken(_ request: DeviceTokenRequestDTO) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    {
        try await envelope(IgnoredPayload.self, for: WoteEndpoints.registerDeviceToken(request))
    }

    package func withdraw() async throws(APIError) -> ResponseEnvelope<IgnoredPayload> {
        try await envelope(IgnoredPayload.self, for: WoteEndpoints.withdraw())
    }

    package func withdraw(appleAuthorizationCode: String) async throws(APIError) -> ResponseEnvelope<IgnoredPayload> {
        let request = WithdrawalRequestDTO(appleAuthorizationCode: appleAuthorizationCode)
        return try await envelope(IgnoredPayload.self, for: WoteEndpoints.withdraw(request))
    }

    package func logoutEverywhere() async throws(APIError) -> ResponseEnvelope<IgnoredPayload> {
        try await envelope(IgnoredPayload.self, for: WoteEndpoints.logoutEverywhere())
    }

    private func envelope<Payload: Decodable & Sendable>(
        _ payload: Payload.Type, for endpoint: Endpoint, requiringData: Bool = false
    ) async throws(APIError) -> ResponseEnvelope<Payload> {
        try await sender.send(endpoint) { response in
            AnswerReading.envelope(payload, from: response, requiringData: requiringData)
        }
    }
}

extension AnswerReading {
    /// Reads a Wote envelope once: its verdict is what the answer means for the session, and the
    /// envelope (or why it is unusable) is what the caller gets. The repositories' endpoints and an
    /// app's own calls read their answers here.
    ///
    /// - Parameter requiringData: a success without `data` is malformed (for endpoints whose
    ///   success always carries a payload).
    package static func envelope<Payload: Decodable & Sendable>(
        _ payload: Payload.Type, from response: HTTPResponse, requiringData: Bool = false
    ) -> AnswerReading<ResponseEnvelope<Payload>> where Answer == ResponseEnvelope<Payload> {
        let envelope: ResponseEnvelope<Payload>
        do {
            envelope = try EnvelopeDecoder.decode(
                payload, from: response.body, httpStatus: response.status, contentType: response.contentType)
        } catch {
            return AnswerReading(meaning: AnswerMeaning(.accepted, isSuccess: false), answer: .failure(error))
        }
        // The one reading: what the session needs (the profile gate asks `isSuccess`) and what the caller gets.
        let meaning = AnswerMeaning(envelope.verdict.protectedAnswer, isSuccess: envelope.isSuccess)
        if requiringData, envelope.isSuccess, envelope.data == nil {
            return AnswerReading(
                meaning: meaning,
                answer: .failure(
                    .malformed(MalformedResponse(httpStatus: response.status, problem: .missingField("data")))))
        }
        return AnswerReading(meaning: meaning, answer: .success(envelope))
    }
}
