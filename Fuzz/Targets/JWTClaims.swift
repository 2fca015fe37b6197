// Fuzz target `jwt`: the JWT expiry reader (`JWTClaims(token:)`) and `TokenPair`, which fills in
// expiry dates from it.
//
// Each input is tried twice: as the whole token text (the reader's own parsing of segments and
// base64url), and as the JSON payload of a well-formed token (the claims themselves), since
// random bytes rarely survive base64url decoding.
import Foundation
import WoteDomain

private let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)
private let header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

@_cdecl("LLVMFuzzerTestOneInput")
public func jwtTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzInput.data(bytes, count)
    check(token: FuzzInput.text(data), redactionCheckable: false)
    check(token: "\(header).\(FuzzInput.base64URL(data)).c2lnbmF0dXJl", redactionCheckable: true)
    return 0
}

/// - Parameter redactionCheckable: whether the token is long and distinctive enough that finding
///   it in a description can only mean it leaked.
private func check(token: String, redactionCheckable: Bool) {
    let claims = JWTClaims(token: token)
    if let claims {
        FuzzProperty.require(claims.expiresAt != nil || claims.issuedAt != nil, "claims without exp or iat")
        for date in [claims.expiresAt, claims.issuedAt].compactMap({ $0 }) {
            let seconds = date.timeIntervalSince1970
            FuzzProperty.require(seconds.isFinite && seconds >= 0 && seconds < 1e11, "claim date \(seconds) out of range")
        }
        FuzzProperty.require(token.utf8.count <= JWTClaims.maximumTokenLength, "read claims from an over-long token")
    }
    let pair = TokenPair(
        accessToken: token, refreshToken: token, accessTokenExpiresAt: nil, refreshTokenExpiresAt: nil,
        receivedAt: receivedAt)
    FuzzProperty.require(pair.accessTokenExpiresAt == claims?.expiresAt, "access expiry is not the JWT exp")
    FuzzProperty.require(pair.refreshTokenExpiresAt == claims?.expiresAt, "refresh expiry is not the JWT exp")
    FuzzProperty.require(pair.accessTokenIssuedAt == (claims?.issuedAt ?? receivedAt), "lifetime start is wrong")
    if let expiry = claims?.expiresAt {
        FuzzProperty.require(pair.isAccessTokenExpired(at: expiry), "not expired at its own exp")
    } else {
        FuzzProperty.require(!pair.isAccessTokenExpired(at: .distantFuture), "unknown expiry counted as expired")
    }
    if redactionCheckable {
        let shown = [pair.description, pair.debugDescription, String(describing: pair), String(reflecting: pair)]
        FuzzProperty.require(!shown.contains { $0.contains(token) }, "a description shows the token")
    }
    if !token.isEmpty {
        FuzzProperty.requireStoreRoundTrip(StoredSession(tokens: pair, profileCompleted: false))
    }
}
