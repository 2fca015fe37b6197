package import Foundation
package import WoteData
import WoteDomain
import WoteRepository
public import WoteSession
import WoteWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SessionContract {
    /// The Wote contract: `POST /api/auth/refresh` with `{"refreshToken": ...}` and no Authorization
    /// (§4.2); every answer read by the one Wote verdict table (`WoteVerdict`): E004–E007 mean
    /// refresh, E009 means profile required (§4.10), E001, E016 and E018 end the session (§4.11).
    /// Every path outside `/api/profiles` is behind the profile gate: a readable success there
    /// means the profile is complete. Logout sends `POST /api/auth/logout` with the access token
    /// and `{"deviceToken": ..., "refreshToken": ...}` (§4.3; the refresh token is an `[ext]` field
    /// the real server ignores). Each answer is decoded once at most: a request's by
    /// `classify` (not at all when its body has no division code) or, while the session waits for
    /// the profile, by `readAnswer`; a logout's by its `reading`.
    public static let wote = SessionContract(
        refresh: RefreshCall(path: WoteEndpoints.Path.refresh, placement: .jsonBody(field: "refreshToken")) {
            response, receivedAt in
            readWoteRefreshAnswer(response, receivedAt: receivedAt)
        },
        classify: classifyWoteAnswer, readAnswer: readWoteAnswer,
        showsProfileCompleted: { path, _, meaning in meaning.isSuccess && isBehindWoteProfileGate(path) },
        logout: woteLogout,
        endingCode: woteEndingCode)

    /// `POST /api/auth/logout`, Bearer, `{"deviceToken", "refreshToken"}`: §4.3, and the `[ext]`
    /// `refreshToken` that makes a server that knows it end the sign-in's whole token family (the
    /// real server ignores the field).
    static var woteLogout: LogoutCall {
        var call = LogoutCall(
            path: WoteEndpoints.Path.logout, credential: .accessToken, deviceTokenField: "deviceToken",
            reading: readWoteLogoutAnswer)
        call.refreshTokenField = "refreshToken"
        return call
    }

    /// The division code of the Wote verdict that ends a session for `reason` (§4.11), for its
    /// ``SignOutRecord``: E016 for a dead refresh token (also after a lost answer), E018 for a
    /// banned member, E001 for a member who is gone; `[ext]` X001 signed out everywhere, X002 unlinked.
    static func woteEndingCode(_ reason: SignOutReason) -> String? {
        switch reason {
        case .sessionExpired, .refreshAnswerLost: DivisionCode.invalidRefreshToken.rawValue
        case .banned: DivisionCode.bannedMember.rawValue
        case .memberGone: DivisionCode.memberNotFound.rawValue
        case .signedOutEverywhere: DivisionCode.signedOutEverywhere.rawValue
        case .providerUnlinked: DivisionCode.providerUnlinked.rawValue
        default: nil
        }
    }

    /// What a logout answer means, from one decoding: accepted for a readable Wote success, the access
    /// token rejected for E004–E007, else refused and why (E009 while the profile is not completed,
    /// a proxy's page).
    static func readWoteLogoutAnswer(_ response: HTTPResponse) -> LogoutAnswer {
        let envelope: ResponseEnvelope<IgnoredPayload>
        do {
            envelope = try EnvelopeDecoder.decode(
                IgnoredPayload.self, from: response.body, httpStatus: response.status, contentType: response.contentType
            )
        } catch {
            return .refused(error.toDomain())
        }
        guard !envelope.isSuccess else { return .accepted }
        let refusal = envelope.domainError ?? .rejected(code: nil, message: "logout: HTTP \(response.status)")
        if case .accessTokenRejected = envelope.verdict { return .accessTokenRejected(refusal) }
        return .refused(refusal)
    }

    /// Whether Wote keeps `path` behind its profile gate (§4.10): every path outside `/api/profiles`.
    static func isBehindWoteProfileGate(_ path: String) -> Bool {
        !path.hasPrefix(WoteEndpoints.Path.profile)
    }

    /// What an answer on an authenticated path means, and whether it is a readable Wote success, from
    /// one decoding: a proxy's page or an error envelope is no success (§4.10).
    static func readWoteAnswer(_ response: HTTPResponse) -> AnswerMeaning {
        guard
            let envelope = try? EnvelopeDecoder.decode(
                IgnoredPayload.self, from: response.body, httpStatus: response.status)
        else { return AnswerMeaning(.accepted, isSuccess: false) }
        return AnswerMeaning(envelope.verdict.protectedAnswer, isSuccess: envelope.isSuccess)
    }

    private static let divisionCodeKey = Array("divisionCode".utf8)

    /// What an answer on an authenticated path means for the session.
    static func classifyWoteAnswer(_ response: HTTPResponse) -> ProtectedAnswer {
        // Every request passes here: skip decoding when the body cannot carry a division code.
        guard contains(divisionCodeKey, in: response.body),
            let envelope = try? EnvelopeDecoder.decode(
                IgnoredPayload.self, from: response.body, httpStatus: response.status)
        else { return .accepted }
        return envelope.verdict.protectedAnswer
    }

    /// Whether `needle` occurs in `body`: the C library's `memchr` finds each place its rarest-looking
    /// byte (an upper-case letter, else the first) could match, and `memcmp` compares there.
    /// `Data.range(of:)` goes through NSData's generic search on Linux, a large part of a request's
    /// cost, and a byte loop in Swift took some 9 µs of a 20-post feed page.
    package static func contains(_ needle: [UInt8], in body: Data) -> Bool {
        guard !needle.isEmpty, body.count >= needle.count else { return false }
        let anchor = needle.firstIndex { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ?? 0
        return body.withUnsafeBytes { bytes in
            needle.withUnsafeBytes { wanted in
                guard let base = bytes.baseAddress, let pattern = wanted.baseAddress else { return false }
                // `start` is where a match could begin; the anchor byte is searched `anchor` later.
                var start = 0
                let lastStart = bytes.count - needle.count
                while start <= lastStart {
                    guard let hit = memchr(base + start + anchor, Int32(needle[anchor]), lastStart - start + 1) else {
                        return false
                    }
                    let candidate = base.distance(to: UnsafeRawPointer(hit)) - anchor
                    if memcmp(base + candidate, pattern, needle.count) == 0 { return true }
                    start = candidate + 1
                }
                return false
            }
        }
    }

    /// What a refresh answer means. Only a readable verdict ends the session: an answer that cannot
    /// be read (a proxy's HTML page, an empty body), whatever its HTTP status, is a passing failure
    /// and the tokens are kept (§1).
    private static func readWoteRefreshAnswer(_ response: HTTPResponse, receivedAt: Date) -> RefreshAnswer {
        let envelope: ResponseEnvelope<TokenPairDTO>
        do {
            envelope = try EnvelopeDecoder.decode(
                TokenPairDTO.self, from: response.body, httpStatus: response.status, contentType: response.contentType)
        } catch {
            return .transient(error.toDomainCountingErrorPagesAsServerFailures())
        }
        switch envelope.verdict {
        case .success:
            guard let pair = envelope.data else {
                return .transient(.malformedResponse("HTTP \(response.status): missing field `data`"))
            }
            do {
                return .renewed(try pair.toDomain(receivedAt: receivedAt, httpStatus: response.status))
            } catch {
                return .transient(error.toDomain())
            }
        case .sessionEnded(let reason):
            return .invalid(reason)
        case .accessTokenRejected:
            // A JWT problem with the refresh token itself: it is not usable.
            return .invalid(.sessionExpired)
        case .profileRequired:
            return .transient(.profileRequired)
        case .failure(let error):
            // A readable refusal without a code, with the refresh token's status (401/403), says the
            // token is dead; anything else (5xx, unknown codes) is passing.
            if error.code == nil, error.kind == .rejected, envelope.status == 401 || envelope.status == 403 {
                return .invalid(.sessionExpired)
            }
            return .transient(error)
        }
    }
}

extension WoteVerdict {
    /// What this verdict means for the session, on an authenticated path.
    package var protectedAnswer: ProtectedAnswer {
        switch self {
        case .success, .failure: .accepted
        case .profileRequired: .profileRequired
        case .accessTokenRejected: .accessTokenRejected
        case .sessionEnded(let reason): .sessionEnded(reason)
        }
    }
}
