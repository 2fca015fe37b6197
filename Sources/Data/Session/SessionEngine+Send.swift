import Foundation
import WoteDomain
package import WoteRepository

extension SessionEngine: HTTPSending {
    /// Sends `endpoint`; a `.bearer` endpoint gets the current access token, refreshed first when
    /// it is about to expire, and is retried once with a new token when the server rejects the token.
    ///
    /// - Returns: the answer, whatever its status; the repository reads its envelope.
    /// - Throws: ``APIError`` for transport failures, or `.session` when there is no usable session.
    package func send(_ endpoint: Endpoint) async throws(APIError) -> HTTPResponse {
        guard endpoint.authorization == .bearer else {
            return try await client.send(endpoint, bearer: nil)
        }
        if Task.isCancelled { throw .cancelled }
        var (token, requestGeneration) = try await accessTokenForRequest()
        var retried = false
        while true {
            let response = try await client.send(endpoint, bearer: token)
            switch configuration.contract.classify(HTTPAnswer(status: response.status, body: response.body)) {
            case .accepted:
                return response
            case .profileRequired:
                await noteProfileRequired(generation: requestGeneration)
                return response
            case .sessionEnded(let reason):
                if requestGeneration == generation, session != nil {
                    await endAfterServerVerdict(reason: reason)
                }
                return response
            case .accessTokenRejected:
                // One retry per request; a second rejection is the caller's answer.
                guard !retried else { return response }
                retried = true
                guard requestGeneration == generation, let current = session else {
                    throw .session(errorForMissingSession())
                }
                if current.tokens.accessToken != token {
                    // Sent with a token that a refresh has since replaced: retry with the new one.
                    token = current.tokens.accessToken
                    continue
                }
                switch await sharedRefresh() {
                case .renewed(let pair): token = pair.accessToken
                case .failed(let error): throw error
                }
            }
        }
    }

    /// The access token to send now, refreshed first when it expires within the leeway.
    ///
    /// A refresh that fails for a passing reason while the old token is still valid is not the
    /// request's problem: the old token is sent.
    private func accessTokenForRequest() async throws(APIError) -> (String, UInt64) {
        guard let current = session else { throw .session(errorForMissingSession()) }
        let startGeneration = generation
        let now = clock.now()
        guard needsRefresh(current.tokens, at: now) else { return (current.tokens.accessToken, startGeneration) }
        if isRefreshTokenDead(current.tokens, at: now) {
            guard current.tokens.isAccessTokenExpired(at: now) else {
                return (current.tokens.accessToken, startGeneration)
            }
            await endAfterServerVerdict(reason: .sessionExpired)
            throw .session(.sessionExpired)
        }
        switch await sharedRefresh() {
        case .renewed(let pair):
            return (pair.accessToken, generation)
        case .failed(let error):
            if error == .cancelled { throw .cancelled }
            if startGeneration == generation, let still = session,
                !still.tokens.isAccessTokenExpired(at: clock.now())
            {
                return (still.tokens.accessToken, startGeneration)
            }
            throw error
        }
    }
}
