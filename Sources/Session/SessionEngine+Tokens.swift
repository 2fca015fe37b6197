import WoteData
package import WoteDomain
import WoteWire

extension SessionEngine {
    /// A valid access token for another networking stack (an image loader, a WebSocket, an
    /// Alamofire interceptor), refreshed first through the one shared refresh when it is about to
    /// expire.
    ///
    /// - Throws: ``WoteError/notSignedIn`` or why the session ended; a passing refresh failure when
    ///   the token has expired and could not be renewed.
    package func validAccessToken() async throws(WoteError) -> String {
        do {
            return try await accessTokenForRequest().0
        } catch {
            throw error.toDomain()
        }
    }

    /// The token to use after the server rejected `token` on a call WoteKit did not send: the
    /// current one when a refresh has already replaced it, else a new one from the one shared
    /// refresh (so any number of rejections cost one refresh).
    ///
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/sessionExpired`` (the refresh token is
    ///   dead: the session has ended), or a passing refresh failure (the session is kept).
    package func accessToken(afterRejecting token: String) async throws(WoteError) -> String {
        do {
            return try await tokenAfterRejection(of: token, generation: generation)
        } catch {
            throw error.toDomain()
        }
    }
}
