import Testing
import WoteDomain
import WoteKitTesting
import WotePresentation
import WoteUseCases

/// The one busy/error/cancel helper every view model runs its intents through.
@MainActor @Suite(.timeLimit(.minutes(1))) struct ScreenTaskTests {
    private let screen = ScreenTask()
    private let gate = CallGate()
    private let log = IntentLog()

    @Test func run_isBusyWhileTheIntentRuns_andRefusesASecondRun() async {
        let first = Task { [screen, gate, log] in
            await screen.run { () throws(WoteError) in
                await gate.pass()
                log.record("first")
            }
        }
        await gate.waitForArrivals()
        #expect(screen.isBusy)

        let second = await screen.run { [log] () throws(WoteError) in log.record("second") }
        #expect(second == false)
        #expect(screen.isBusy)

        gate.open()
        #expect(await first.value)
        #expect(screen.isBusy == false)
        #expect(log.entries == ["first"])
    }

    @Test func run_turnsAFailureIntoItsMessage_andTheNextRunClearsIt() async {
        let failed = await screen.run { () throws(WoteError) in throw .timeout }
        #expect(failed == false)
        #expect(screen.errorMessage == WoteError.timeout.message)
        #expect(screen.isBusy == false)

        let succeeded = await screen.run { () throws(WoteError) in }
        #expect(succeeded)
        #expect(screen.errorMessage == nil)
    }

    @Test func run_showsNothing_whenTheIntentEndsCancelled() async {
        let finished = await screen.run { () throws(WoteError) in throw .cancelled }

        #expect(finished == false)
        #expect(screen.errorMessage == nil)
    }

    @Test func dismissError_forgetsTheMessage() async {
        await screen.run { () throws(WoteError) in throw .rejected(code: "A001", message: "refused") }
        #expect(screen.errorMessage == "refused")

        screen.dismissError()

        #expect(screen.errorMessage == nil)
    }

    @Test func cancel_cancelsTheIntentUnderWay_andShowsNoError() async {
        let run = await startIntentThatWaitsForCancellation()

        screen.cancel()

        #expect(await run.value == false)
        #expect(screen.isBusy == false)
        #expect(screen.errorMessage == nil)
    }

    @Test func cancellingTheCaller_cancelsTheIntent() async {
        let run = await startIntentThatWaitsForCancellation()

        run.cancel()

        #expect(await run.value == false)
        #expect(screen.isBusy == false && screen.errorMessage == nil)
    }

    @Test func replace_cancelsTheIntentUnderWay_andDropsItsOutcome() async {
        let replaced = Task { [screen, gate, log] in
            await screen.run { () throws(WoteError) in
                await gate.pass()
                log.record(Task.isCancelled ? "first, cancelled" : "first")
                throw .timeout
            }
        }
        await gate.waitForArrivals()

        let replacing = await screen.run(whileBusy: .replace) { [log] () throws(WoteError) in log.record("second") }
        #expect(replacing)
        #expect(screen.isBusy == false)

        gate.open()
        #expect(await replaced.value == false)
        #expect(log.entries == ["second", "first, cancelled"])
        #expect(screen.errorMessage == nil)
        #expect(screen.isBusy == false)
    }

    /// Runs an intent that only ends when it is cancelled; returns once it is under way.
    private func startIntentThatWaitsForCancellation() async -> Task<Bool, Never> {
        let run = Task { [screen, gate] in
            await screen.run { () throws(WoteError) in
                await gate.pass()
                try await waitUntilCancelled()
            }
        }
        await gate.waitForArrivals()
        gate.open()
        return run
    }
}

/// What the intents of a test did, in order.
@MainActor private final class IntentLog {
    private(set) var entries: [String] = []

    func record(_ entry: String) {
        entries.append(entry)
    }
}
