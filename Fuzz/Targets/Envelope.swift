// Fuzz target `envelope`: any body, as it could arrive on any endpoint, through the envelope
// decoder, the DTOs and the mappings the repositories and the session engine apply to it.
import Foundation
import WoteContract
import WoteData
import WoteDomain
import WoteRepository
import WoteSession
import WoteWire

/// Every body is tried on HTTP 200 (where the contract puts most answers, errors included) and on
/// one of these, picked by the body's length so that mutations reach each of them.
private let otherHTTPStatuses = [400, 401, 403, 404, 500, 502]
private let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func envelopeTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let body = FuzzInput.data(bytes, count)
    for status in [200, otherHTTPStatuses[body.count % otherHTTPStatuses.count]] {
        checkLogin(body, httpStatus: status)
        checkRefresh(body, httpStatus: status)
        checkProfile(body, httpStatus: status)
        checkNicknameCheck(body, httpStatus: status)
        checkIgnoredPayload(body, httpStatus: status)
        checkSignUp(body, httpStatus: status)
    }
    return 0
}

/// Decodes `body` and checks what every decoded envelope promises; a failure must be a typed
/// `malformed` answer for the same HTTP status.
private func decode<Payload: Decodable & Sendable>(
    _ payload: Payload.Type, _ body: Data, httpStatus: Int
) -> ResponseEnvelope<Payload>? {
    let envelope: ResponseEnvelope<Payload>
    do {
        envelope = try EnvelopeDecoder.decode(payload, from: body, httpStatus: httpStatus, contentType: "text/html")
    } catch {
        checkDecodingFailure(error, httpStatus: httpStatus)
        return nil
    }
    FuzzProperty.require(envelope.httpStatus == httpStatus, "the envelope lost its HTTP status")
    let error = envelope.domainError
    FuzzProperty.require(
        envelope.isSuccess == (error == nil), "isSuccess \(envelope.isSuccess) but domainError \(String(describing: error))")
    if let error { FuzzProperty.requireReadable(error) }
    do {
        try envelope.requireSuccess()
        FuzzProperty.require(envelope.isSuccess, "requireSuccess passed a failure")
    } catch {
        FuzzProperty.require(error == envelope.domainError, "requireSuccess threw \(error), not the domain error")
    }
    do {
        _ = try envelope.requireData()
        FuzzProperty.require(envelope.isSuccess && envelope.data != nil, "requireData passed without data")
    } catch {
        if envelope.isSuccess {
            FuzzProperty.require(
                envelope.data == nil && error == .malformedResponse("HTTP \(httpStatus): missing field `data`"),
                "requireData threw \(error) on a success")
        } else {
            FuzzProperty.require(error == envelope.domainError, "requireData threw \(error), not the domain error")
        }
    }
    return envelope
}

private func checkDecodingFailure(_ error: APIError, httpStatus: Int) {
    guard case .malformed(let malformed) = error else {
        FuzzProperty.fail("decoding a body threw \(error); only `malformed` is possible")
    }
    FuzzProperty.require(malformed.httpStatus == httpStatus, "malformed answer reports another HTTP status")
    FuzzProperty.require(error.toDomain() == .malformedResponse(malformed.description), "malformed maps elsewhere")
    FuzzProperty.requireReadable(error.toLoginError())
}

/// §4.1 / §4.13: login and sign-in answers, as `WoteAuthRepository` turns them into a session,
/// followed by the store's save.
private func checkLogin(_ body: Data, httpStatus: Int) {
    guard let envelope = decode(LoginDataDTO.self, body, httpStatus: httpStatus) else { return }
    let session: StoredSession
    do {
        session = try envelope.loginSession(receivedAt: receivedAt)
    } catch {
        FuzzProperty.requireReadable(error)
        let signedIn = envelope.isSuccess || envelope.divisionCode == .signUpNotCompleted
        if signedIn {
            guard error.kind == .malformedResponse else {
                FuzzProperty.fail("a sign-in answer failed with \(error), not as malformed")
            }
        } else {
            FuzzProperty.require(error == envelope.domainError, "a refused login threw \(error), not its domain error")
        }
        return
    }
    FuzzProperty.require(
        envelope.isSuccess || envelope.divisionCode == .signUpNotCompleted, "a refusal produced a session")
    FuzzProperty.require(session.profileCompleted == envelope.isSuccess, "profile state does not follow the body")
    guard let pair = envelope.data?.jwtToken else { FuzzProperty.fail("a session without data.jwtToken") }
    FuzzProperty.require(
        session.tokens.accessToken == pair.accessToken && session.tokens.refreshToken == pair.refreshToken,
        "the session's tokens are not the ones received")
    FuzzProperty.require(!pair.accessToken.isEmpty && !pair.refreshToken.isEmpty, "a session with an empty token")
    FuzzProperty.requireStoreRoundTrip(session)
}

/// §4.2: the refresh answer as the session engine reads it (`SessionContract.wote`), followed by
/// the store's save of a renewed pair.
private func checkRefresh(_ body: Data, httpStatus: Int) {
    _ = decode(TokenPairDTO.self, body, httpStatus: httpStatus)
    let answer = HTTPResponse(status: httpStatus, body: body)
    switch SessionContract.wote.refresh.readAnswer(answer, receivedAt) {
    case .renewed(let tokens):
        FuzzProperty.require(!tokens.accessToken.isEmpty && !tokens.refreshToken.isEmpty, "renewed an empty token")
        FuzzProperty.requireStoreRoundTrip(StoredSession(tokens: tokens, profileCompleted: true))
    case .invalid:
        break
    case .transient(let error):
        FuzzProperty.requireReadable(error)
    }
    let verdict = SessionContract.wote.classify(answer)
    if verdict != .accepted {
        FuzzProperty.require(
            body.range(of: Data("divisionCode".utf8)) != nil, "\(verdict) for a body with no division code")
    }
}

/// §4.6: my profile, as `WoteProfileRepository.fetchMyProfile` maps it.
private func checkProfile(_ body: Data, httpStatus: Int) {
    guard let envelope = decode(ProfileDTO.self, body, httpStatus: httpStatus), let profile = envelope.data else {
        return
    }
    do {
        let user = try profile.toDomain(httpStatus: httpStatus)
        FuzzProperty.require(user.nickname == profile.nickname, "the nickname changed in the mapping")
        FuzzProperty.require(user.school.region.rawValue == profile.school.schoolRegion, "the region changed")
        if let url = user.profileImageURL {
            let scheme = url.scheme?.lowercased()
            FuzzProperty.require(scheme == "http" || scheme == "https", "profile image URL with scheme \(String(describing: scheme))")
        }
    } catch {
        guard case .malformed(let malformed) = error, case .wrongType = malformed.problem else {
            FuzzProperty.fail("a profile failed to map with \(error)")
        }
    }
}

/// §4.4: the nickname check answer.
private func checkNicknameCheck(_ body: Data, httpStatus: Int) {
    _ = decode(NicknameCheckDTO.self, body, httpStatus: httpStatus)
}

/// Endpoints whose `data` the client ignores (logout, profile setup, consumer type, device token,
/// withdrawal): any `data` is accepted.
private func checkIgnoredPayload(_ body: Data, httpStatus: Int) {
    guard let envelope = decode(IgnoredPayload.self, body, httpStatus: httpStatus) else { return }
    if envelope.isSuccess {
        FuzzProperty.require(envelope.domainError == nil, "a success with a domain error")
    }
}

/// §4.12: the older sign-up envelope, as `HTTPRemoteDataSource.signUp` and `WoteAccountRepository`
/// read it.
private func checkSignUp(_ body: Data, httpStatus: Int) {
    var answer: SignUpResponseDTO
    do {
        answer = try EnvelopeDecoder.decodePlain(SignUpResponseDTO.self, from: body, httpStatus: httpStatus)
    } catch {
        checkDecodingFailure(error, httpStatus: httpStatus)
        return
    }
    answer.httpStatus = httpStatus
    let created = answer.success && (200..<300).contains(answer.status) && httpStatus < 500 && answer.status < 500
    switch answer.outcome {
    case .created:
        FuzzProperty.require(
            created, "sign-up counted as created: success \(answer.success), status \(answer.status), HTTP \(httpStatus)")
    case .serverFailure(let error):
        FuzzProperty.requireReadable(error)
        FuzzProperty.require(
            httpStatus >= 500 || answer.status >= 500,
            "server failure for status \(answer.status), HTTP \(httpStatus)")
    case .refused, .malformedRequest:
        FuzzProperty.require(!created, "a created sign-up refused")
    case .networkUnavailable:
        FuzzProperty.fail("a sign-up answer read as no answer")
    }
}
