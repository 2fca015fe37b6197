import Foundation
import WoteData
import WoteDomain
public import WoteSession

extension SessionContract {
    /// The contract of a backend that reissues at `path` with the refresh token as Bearer and
    /// answers `{"result": {accessToken, refreshToken}}`: a 401 from the reissue call is a dead
    /// refresh token, a 401 from any other path an expired access token (the code an app writes,
    /// as in Docs/Session.md).
    ///
    /// - Parameter path: the reissue call's path.
    public static func bearerReissue(path: String) -> SessionContract {
        SessionContract(
            refresh: RefreshCall(path: path, placement: .bearer) { answer, receivedAt in
                struct Body: Decodable {
                    struct Result: Decodable {
                        var accessToken: String
                        var refreshToken: String
                    }
                    var result: Result?
                }
                // Only the refresh call's answers come here, so a 401 here is a dead refresh token.
                if answer.status == 401 { return .invalid(.sessionExpired) }
                guard answer.status == 200, let result = try? JSONDecoder().decode(Body.self, from: answer.body).result
                else { return .transient(.malformedResponse("reissue: HTTP \(answer.status)")) }
                return .renewed(
                    TokenPair(
                        accessToken: result.accessToken, refreshToken: result.refreshToken, accessTokenExpiresAt: nil,
                        refreshTokenExpiresAt: nil, receivedAt: receivedAt))
            },
            classify: { answer in answer.status == 401 ? .accessTokenRejected : .accepted })
    }
}
