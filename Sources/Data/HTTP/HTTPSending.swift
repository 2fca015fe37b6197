package import WoteRepository

/// Sends endpoints; the session engine is one (it adds the access token), ``HTTPClient`` another.
package protocol HTTPSending: Sendable {
    /// Sends `endpoint` and returns the answer, whatever its status.
    ///
    /// - Throws: ``APIError`` for failures with no usable HTTP answer.
    func send(_ endpoint: Endpoint) async throws(APIError) -> HTTPResponse
}
