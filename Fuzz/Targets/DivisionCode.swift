// Fuzz target `division-code`: any division code with any body status and message, through
// `ResponseEnvelope.domainError` (the table in ResponseEnvelope+Mapping.swift) and through the wire
// (encoded as an envelope, decoded by `EnvelopeDecoder`).
//
// Input: text, `<body status>\n<division code>\n<message>`. With no second line the envelope has
// no division code; an empty second line is an empty code. A status that is not a decimal Int
// counts as 0.
import Foundation
import WoteDomain
import WoteRepository

/// The codes whose meaning the SDK fixes whatever the body status says (WoteVerdict.swift, and the
/// failure table of the DocC article "An app's own calls").
private let fixedKinds: [DivisionCode: WoteError.Kind] = [
    .signUpNotCompleted: .profileRequired,
    .nicknameInUse: .nicknameTaken,
    .invalidRefreshToken: .sessionExpired,
    .memberNotFound: .memberGone,
    .bannedMember: .banned,
    .wrongCredentials: .wrongCredentials,
    .consumerTypeNotFound: .consumerTypeRequired,
    .postNotFound: .notFound, .commentNotFound: .notFound,
    .alreadyVoted: .alreadyVoted,
    .forbidden: .notAllowed,
    .emptyClaims: .invalidRequest, .badRequest: .invalidRequest, .bodyOrHeaderMissing: .invalidRequest,
    .invalidTypeValue: .invalidRequest, .missingParameter: .invalidRequest, .ioError: .invalidRequest,
    .jsonParseError: .invalidRequest, .jsonProcessingError: .invalidRequest,
    // A rejected access token: the engine refreshes and retries; a caller that still sees it gets
    // `rejected` with the code.
    .invalidSignature: .rejected, .malformedJWT: .rejected, .expiredJWT: .rejected, .unsupportedJWT: .rejected,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func divisionCodeTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let lines = FuzzInput.text(FuzzInput.data(bytes, count))
        .split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
    let status = Int(lines[0]) ?? 0
    let code = lines.count > 1 ? DivisionCode(rawValue: String(lines[1])) : nil
    let message = lines.count > 2 ? String(lines[2]) : ""

    let envelope = ResponseEnvelope<IgnoredPayload>(
        httpStatus: 200, status: status, divisionCode: code, message: message)
    checkMapping(envelope)
    checkWire(envelope)
    return 0
}

/// The documented table, row by row.
private func checkMapping(_ envelope: ResponseEnvelope<IgnoredPayload>) {
    let (status, message) = (envelope.status, envelope.message)
    let error = envelope.domainError
    if let error { FuzzProperty.requireReadable(error) }
    FuzzProperty.require(envelope.isSuccess == (error == nil), "isSuccess disagrees with domainError \(String(describing: error))")

    guard let code = envelope.divisionCode else {
        let expected: WoteError? =
            (200..<300).contains(status)
            ? nil
            : status >= 500
                ? .serverFailure(status: status, code: nil, message: message) : .rejected(code: nil, message: message)
        FuzzProperty.require(error == expected, "no code, status \(status): \(String(describing: error))")
        return
    }
    guard let error else { FuzzProperty.fail("code \(code), status \(status): no error") }
    let expectedKind: WoteError.Kind =
        if let fixed = fixedKinds[code] {
            fixed
        } else if code == .internalServerError || status >= 500 {
            .serverFailure
        } else {
            .rejected
        }
    FuzzProperty.require(error.kind == expectedKind, "code \(code), status \(status): \(error), expected \(expectedKind)")
    FuzzProperty.require(error.code == code.rawValue, "code \(code): the error notes \(String(describing: error.code))")
    if error.kind == .serverFailure {
        FuzzProperty.require((error.status ?? 0) >= 500, "server failure reported with status \(String(describing: error.status))")
    }
    if error.kind == .rejected || error.kind == .serverFailure {
        FuzzProperty.require(error.serverMessage == message, "code \(code): the server's message changed")
    }
    let tokenRejected = ["E004", "E005", "E006", "E007"].contains(code.rawValue)
    let verdict = WoteVerdict(status: status, code: code.rawValue, message: message)
    FuzzProperty.require(
        (verdict == .accessTokenRejected(code: code.rawValue)) == tokenRejected, "\(code) read as \(verdict)")
}

/// The same envelope sent as JSON comes back with the same status, code and message.
private func checkWire(_ envelope: ResponseEnvelope<IgnoredPayload>) {
    struct WireEnvelope: Encodable {
        var status: Int
        var divisionCode: DivisionCode?
        var message: String
    }
    let body: Data
    do {
        body = try JSONEncoder().encode(
            WireEnvelope(status: envelope.status, divisionCode: envelope.divisionCode, message: envelope.message))
    } catch {
        FuzzProperty.fail("cannot encode an envelope: \(error)")
    }
    let decoded: ResponseEnvelope<IgnoredPayload>
    do {
        decoded = try EnvelopeDecoder.decode(IgnoredPayload.self, from: body, httpStatus: 200)
    } catch {
        FuzzProperty.fail("a well-formed envelope was refused: \(error)")
    }
    FuzzProperty.require(decoded.status == envelope.status, "status changed on the wire")
    FuzzProperty.require(decoded.divisionCode == envelope.divisionCode, "division code changed on the wire")
    FuzzProperty.require(decoded.message == envelope.message, "message changed on the wire")
    FuzzProperty.require(decoded.domainError == envelope.domainError, "meaning changed on the wire")
}
