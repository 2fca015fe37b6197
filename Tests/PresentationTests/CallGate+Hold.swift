import WoteKitTesting

extension CallGate {
    /// Starts `action`, runs `whileHeld` once the repository call `action` makes is held at this
    /// gate, then opens the gate and waits for `action` to finish.
    @MainActor
    func hold(_ action: @escaping @MainActor () async -> Void, whileHeld: @MainActor () async -> Void) async {
        let task = Task { await action() }
        await waitForArrivals()
        await whileHeld()
        open()
        await task.value
    }
}
