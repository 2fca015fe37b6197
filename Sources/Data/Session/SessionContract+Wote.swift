import Foundation
import WoteDomain
import WoteRepository

extension SessionContract {
    /// The Wote contract: `POST /api/auth/refresh` with `{"refreshToken": ...}` and no Authorization
    /// (§4.2); E004–E007 mean refresh, E009 means profile required (§4.10), E001 and E018 end the
    /// session (§4.11). Decisions come from the body.
    public static let wote = SessionContract(
        refresh: RefreshCall(path: WoteEndpoints.Path.refresh, placement: .jsonBody(field: "refreshToken")) {
            answer, receivedAt in
            readWoteRefreshAnswer(answer, receivedAt: receivedAt)
        },
        classify: classifyWoteAnswer)

    private static let divisionCodeKey = Data("divisionCode".utf8)

    private static func classifyWoteAnswer(_ answer: HTTPAnswer) -> ProtectedAnswer {
        // Every request passes here: skip decoding when the body cannot carry a division code.
        guard answer.body.range(of: divisionCodeKey) != nil,
            let envelope = try? EnvelopeDecoder.decode(
                IgnoredPayload.self, from: answer.body, httpStatus: answer.status),
            let code = envelope.divisionCode
        else { return .accepted }
        if code.meansAccessTokenRejected { return .accessTokenRejected }
        switch code {
        case .signUpNotCompleted: return .profileRequired
        case .memberNotFound: return .sessionEnded(.memberGone)
        case .bannedMember: return .sessionEnded(.banned)
        default: return .accepted
        }
    }

    private static func readWoteRefreshAnswer(_ answer: HTTPAnswer, receivedAt: Date) -> RefreshAnswer {
        let envelope: ResponseEnvelope<TokenPairDTO>
        do {
            envelope = try EnvelopeDecoder.decode(TokenPairDTO.self, from: answer.body, httpStatus: answer.status)
        } catch {
            if answer.status == 401 || answer.status == 403 { return .invalid(.sessionExpired) }
            return .transient(error.toDomainCountingErrorPagesAsServerFailures())
        }
        switch envelope.divisionCode {
        case .invalidRefreshToken?: return .invalid(.sessionExpired)
        case .memberNotFound?: return .invalid(.memberGone)
        case .bannedMember?: return .invalid(.banned)
        default: break
        }
        if envelope.isSuccess, let pair = envelope.data {
            do {
                return .renewed(try pair.toDomain(receivedAt: receivedAt, httpStatus: answer.status))
            } catch {
                return .transient(error.toDomain())
            }
        }
        if envelope.isSuccess {
            return .transient(.malformedResponse("HTTP \(answer.status): missing field `data`"))
        }
        if answer.status == 401 || answer.status == 403 || envelope.status == 401 || envelope.status == 403 {
            return .invalid(.sessionExpired)
        }
        if envelope.status >= 500 || answer.status >= 500 {
            return .transient(
                .serverFailure(
                    status: max(envelope.status, answer.status), code: envelope.divisionCode?.rawValue,
                    message: envelope.message))
        }
        return .transient(.rejected(code: envelope.divisionCode?.rawValue, message: envelope.message))
    }
}
