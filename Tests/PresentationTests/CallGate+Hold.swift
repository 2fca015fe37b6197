import Testing
import WoteKitTesting
import WotePresentation

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

    /// Like ``hold(_:whileHeld:)`` for an intent of `screen`: expects the screen busy while the
    /// intent is held (`whileHeld` adds the screen's own checks) and idle once it has finished.
    @MainActor
    func expectBusy(
        _ screen: some ScreenViewModel, during action: @escaping @MainActor () async -> Void,
        whileHeld: @MainActor () async -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await hold(action) {
            #expect(screen.isBusy, sourceLocation: sourceLocation)
            await whileHeld()
        }
        #expect(screen.isBusy == false, sourceLocation: sourceLocation)
    }
}
