import WoteData
package import WoteDomain
import WoteLocked
package import WoteWire

extension SessionEngine {
    /// The current session's identity (its generation), or `nil` when there is none.
    ///
    /// Read from the lane the actor republishes in the same step as every change of the session
    /// (``SessionStateMachine/identity``), so a request asks it without waiting for the actor.
    package nonisolated func currentSessionIdentity() -> SessionIdentity? {
        // Stored fields read in place: a getter called on the locked value copied the whole lane.
        lane.withLock { SessionStateMachine.identity(hasSession: $0.hasSession, in: $0.generation) }
    }

    /// Ends the session for `reason` only while `identity` is still current (issue 33, review #11:
    /// a withdrawal whose call failed ended whatever session was current, even a newer one).
    ///
    /// When another end (a logout) ended that session meanwhile and nothing began since, it waits
    /// for that end's store write; a removal the store refused is made again here, so that this end
    /// never returns while the store still holds the session (seed 81 of the randomized test).
    ///
    /// - Returns: whether it ended the session, or made the removal another end owed.
    /// - Throws: ``WoteError/storageFailure(_:)`` as ``end(reason:)`` does.
    package func end(reason: SignOutReason, ifStill identity: SessionIdentity) async throws(WoteError) -> Bool {
        switch SessionStateMachine.askedEnd(
            hasSession: session != nil, generation: generation, asked: identity.generation)
        {
        case .nothing:
            return false
        case .end:
            try await end(reason: reason)
            return true
        case .settleTheOtherEnd:
            await waitUntilEndingsAreStored()
            guard machine.settlesOwedRemoval(removalPending: removalPending) else { return false }
            try await end(reason: reason)
            return true
        }
    }
}
