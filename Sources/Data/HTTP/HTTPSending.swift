package import WoteWire

/// An answer read once, off the session actor: what it means for the session, and what the caller
/// gets.
package struct AnswerReading<Answer: Sendable>: Sendable {
    /// What the answer means for the session, or `nil` when the reading leaves that to the session's
    /// contract (which then reads the answer once, for the session alone).
    package var meaning: AnswerMeaning?
    /// The decoded answer, or why it could not be used.
    package var answer: Result<Answer, APIError>

    // Inlinable: called across modules for each answer, and unspecialized it copied the answer
    // through its type's value witnesses.
    @inlinable
    package init(meaning: AnswerMeaning?, answer: Result<Answer, APIError>) {
        self.meaning = meaning
        self.answer = answer
    }
}

/// Sends endpoints; the session engine is one (it adds the access token), ``HTTPClient`` another.
package protocol HTTPSending: Sendable {
    /// Sends `endpoint` and returns the answer, whatever its status; the backend's contract says
    /// what it means for the session.
    ///
    /// - Throws: ``APIError`` for failures with no usable HTTP answer.
    func send(_ endpoint: Endpoint) async throws(APIError) -> HTTPResponse

    /// Sends `endpoint` and reads its answer once with `read`, which also says what the answer
    /// means for the session (so the body is decoded once, not once for the session and again for
    /// the caller).
    ///
    /// - Throws: ``APIError`` for failures with no usable HTTP answer, or what `read` found.
    func send<Answer: Sendable>(
        _ endpoint: Endpoint, reading read: @Sendable (HTTPResponse) -> AnswerReading<Answer>
    ) async throws(APIError) -> Answer
}
