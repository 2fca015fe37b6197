import WoteData
package import WoteDomain

// The decisions on a refresh that a logout lets land (issue 33 item 5): the logout ends the session
// at once but does not cancel the refresh's call; it waits for the answer and tells the server with
// the pair the server rotated to, instead of spending the refresh token a second time.
extension SessionStateMachine {
    /// A refresh whose session a logout ended while its call was out, and the logout waiting for it.
    package struct Landing: Sendable, Equatable {
        /// The flight's id.
        package let flight: UInt64
        /// The generation the flight refreshed.
        package let generation: UInt64
        /// The pair the server rotated to, once its answer arrived.
        package var pair: TokenPair?
        /// Whether the flight has ended (answered or not).
        package var finished = false
        /// The logout waiting for the flight to end.
        package var waiters: [WaiterID] = []
    }

    /// A logout is about to end the session: the refresh under way, if any, goes on, and its answer
    /// is kept for the logout. Call it before ``sessionEnded(failingWaitersWith:cancellingRefresh:)``
    /// with `cancellingRefresh: false`.
    ///
    /// - Returns: the flight to wait for with ``waitForLanding(_:)``, or `nil` when no refresh runs.
    package mutating func letRefreshLand() -> UInt64? {
        guard let flight else { return nil }
        landings.append(Landing(flight: flight.id, generation: flight.generation))
        return flight.id
    }

    /// The answer to a refresh of `flightGeneration` arrived after its session ended: a pair the
    /// server rotated to is kept for the logout that let it land (if one did).
    package mutating func abandonedRefreshAnswered(flightGeneration: UInt64, _ answer: RefreshAnswer) {
        guard case .renewed(let pair) = answer,
            let index = landings.firstIndex(where: { $0.generation == flightGeneration })
        else { return }
        landings[index].pair = pair
    }

    /// Flight `id` has ended: the logout waiting for it goes on.
    mutating func landingFinished(_ id: UInt64) -> [Action] {
        guard let index = landings.firstIndex(where: { $0.flight == id }) else { return [] }
        landings[index].finished = true
        defer { landings[index].waiters.removeAll() }
        return landings[index].waiters.map(Action.resumeLandingWaiter)
    }

    /// The logout waits until flight `id` has ended.
    ///
    /// - Returns: `nil` to go on now; else the id to wait under until ``Action/resumeLandingWaiter(_:)``.
    package mutating func waitForLanding(_ id: UInt64) -> WaiterID? {
        guard let index = landings.firstIndex(where: { $0.flight == id }), !landings[index].finished else {
            return nil
        }
        let waiter = newID()
        landings[index].waiters.append(waiter)
        return waiter
    }

    /// The logout takes what flight `id` brought: the pair the server rotated to, or `nil`.
    package mutating func takeLanding(_ id: UInt64) -> TokenPair? {
        guard let index = landings.firstIndex(where: { $0.flight == id }) else { return nil }
        return landings.remove(at: index).pair
    }
}
