package import WoteDomain
package import WoteRepository

extension SessionEngine {
    /// The current session's identity (its generation), or `nil` when there is none.
    package func currentSessionIdentity() -> SessionIdentity? {
        session == nil ? nil : SessionIdentity(generation: generation)
    }

    /// Ends the session for `reason` only while `identity` is still current (issue 33, review #11:
    /// a withdrawal whose call failed ended whatever session was current, even a newer one).
    ///
    /// - Returns: whether it ended the session.
    /// - Throws: ``WoteError/storageFailure(_:)`` as ``end(reason:)`` does.
    package func end(reason: SignOutReason, ifStill identity: SessionIdentity) async throws(WoteError) -> Bool {
        guard session != nil, generation == identity.generation else { return false }
        try await end(reason: reason)
        return true
    }
}
