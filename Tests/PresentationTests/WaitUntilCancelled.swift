import WoteDomain
import WoteKitTesting

/// Suspends until the current task is cancelled, then fails as cancelled; never returns otherwise.
/// Stands for a request that notices cancellation, without any timer.
func waitUntilCancelled() async throws(WoteError) {
    let (cancellation, signal) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
        for await _ in cancellation {}
    } onCancel: {
        signal.finish()
    }
    throw .cancelled
}

/// A login provider whose sign-in sheet stays open until the sign-in is cancelled; it arrives at
/// `gate` first, so a test knows the sign-in is under way.
struct SheetLeftOpenProvider: LoginProvider {
    let gate: CallGate

    func credential() async throws(WoteError) -> LoginCredential {
        await gate.pass()
        try await waitUntilCancelled()
        return .apple(authorizationCode: "never")
    }
}
