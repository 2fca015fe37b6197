import Foundation
import WoteDomain
import WoteLocked
import WoteRepository
import WoteWire

/// A remote data source that answers from a script and records every call, in order.
///
/// An endpoint that was not scripted fails with `APIError.network("not scripted")`, so a test that
/// forgets a reply fails loudly instead of passing by accident.
final class FakeRemoteDataSource: RemoteDataSource {
    enum Call: Equatable {
        case login(LoginCredential)
        case signUp(SignUpRequestDTO)
        case checkNickname(NicknameRequestDTO)
        case setUpProfile(ProfileRequestDTO, imageJPEG: Data?)
        case fetchMyProfile
        case setConsumerType(ConsumerTypeRequestDTO)
        case registerDeviceToken(DeviceTokenRequestDTO)
        case withdraw
    }

    struct Script {
        var login: Result<ResponseEnvelope<LoginDataDTO>, APIError> = .failure(.network("not scripted"))
        var signUp: Result<SignUpResponseDTO, APIError> = .failure(.network("not scripted"))
        var checkNickname: Result<ResponseEnvelope<NicknameCheckDTO>, APIError> = .failure(.network("not scripted"))
        var setUpProfile: Result<ResponseEnvelope<IgnoredPayload>, APIError> = .failure(.network("not scripted"))
        var fetchMyProfile: Result<ResponseEnvelope<ProfileDTO>, APIError> = .failure(.network("not scripted"))
        var setConsumerType: Result<ResponseEnvelope<IgnoredPayload>, APIError> = .failure(.network("not scripted"))
        var registerDeviceToken: Result<ResponseEnvelope<IgnoredPayload>, APIError> =
            .failure(.network("not scripted"))
        var withdraw: Result<ResponseEnvelope<IgnoredPayload>, APIError> = .failure(.network("not scripted"))
    }

    private let state = Locked<(script: Script, calls: [Call])>((Script(), []))

    init(_ configure: (inout Script) -> Void = { _ in }) {
        var script = Script()
        configure(&script)
        state.withLock { $0.script = script }
    }

    /// Every call received so far.
    var calls: [Call] { state.current.calls }

    /// Changes the script.
    func script(_ configure: (inout Script) -> Void) {
        state.withLock { configure(&$0.script) }
    }

    private func answer<T>(_ call: Call, _ reply: KeyPath<Script, Result<T, APIError>>) throws(APIError) -> T {
        let result = state.withLock {
            $0.calls.append(call)
            return $0.script[keyPath: reply]
        }
        return try result.get()
    }

    func login(_ credential: LoginCredential) async throws(APIError) -> ResponseEnvelope<LoginDataDTO> {
        try answer(.login(credential), \.login)
    }

    func signUp(_ request: SignUpRequestDTO) async throws(APIError) -> SignUpResponseDTO {
        try answer(.signUp(request), \.signUp)
    }

    func checkNickname(_ request: NicknameRequestDTO) async throws(APIError) -> ResponseEnvelope<NicknameCheckDTO> {
        try answer(.checkNickname(request), \.checkNickname)
    }

    func setUpProfile(_ request: ProfileRequestDTO, imageJPEG: Data?) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    {
        try answer(.setUpProfile(request, imageJPEG: imageJPEG), \.setUpProfile)
    }

    func fetchMyProfile() async throws(APIError) -> ResponseEnvelope<ProfileDTO> {
        try answer(.fetchMyProfile, \.fetchMyProfile)
    }

    func setConsumerType(_ request: ConsumerTypeRequestDTO) async throws(APIError) -> ResponseEnvelope<IgnoredPayload> {
        try answer(.setConsumerType(request), \.setConsumerType)
    }

    func registerDeviceToken(_ request: DeviceTokenRequestDTO) async throws(APIError)
        -> ResponseEnvelope<IgnoredPayload>
    {
        try answer(.registerDeviceToken(request), \.registerDeviceToken)
    }

    func withdraw() async throws(APIError) -> ResponseEnvelope<IgnoredPayload> {
        try answer(.withdraw, \.withdraw)
    }
}
