import WoteLocked

/// The state of a fake whose calls a test can hold at a ``CallGate``.
protocol GatedCalls {
    /// Where the fake's calls wait, while the test holds them.
    var gate: CallGate? { get set }
}

extension Locked where Value: GatedCalls {
    /// Records a call with `record`, then waits at the gate if the test holds calls; the call is
    /// recorded first, so a test can see it while it waits.
    ///
    /// - Parameter record: the fake's bookkeeping for the call (a count, the arguments).
    func arrive(recording record: (inout Value) -> Void) async {
        let gate = withLock { state in
            record(&state)
            return state.gate
        }
        await gate?.pass()
    }

    /// Holds every later call at `gate` until the test opens it (`nil` stops holding).
    func holdCalls(at gate: CallGate?) {
        withLock { $0.gate = gate }
    }
}
