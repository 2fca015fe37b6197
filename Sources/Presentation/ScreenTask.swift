import Observation
package import WoteDomain

/// Runs a screen's async intents one at a time and keeps the two things every screen shows about
/// them: whether one is under way (``isBusy``) and the sentence for the last failure
/// (``errorMessage``). Every view model owns one, so "busy", "error" and "cancel" are written once.
/// How a view model of the package uses it (not an app's code: the type is package-only, so the
/// snippet check, which compiles what an app can paste, leaves this block out):
///
/// ```
/// public func load() async {
///     await screen.run { [self] () throws(WoteError) in user = try await fetchMyProfile() }
/// }
/// ```
@MainActor @Observable
package final class ScreenTask {
    /// What ``run(whileBusy:_:)`` does when another intent is still under way.
    package enum Overlap: Sendable {
        /// Ignore the new intent (a second tap on the same button).
        case refuse
        /// Cancel the intent under way and run the new one; the replaced one's outcome is dropped.
        case replace
    }

    /// Whether an intent is under way.
    package private(set) var isBusy = false
    /// The sentence for the last failure, for an alert; `nil` when there is nothing to show.
    package var errorMessage: String?

    /// The intent under way, so ``cancel()`` and a replacing run can cancel it.
    @ObservationIgnored private var current: Task<WoteError?, Never>?
    /// Counts runs, so a run that a later one replaced leaves ``isBusy`` and ``errorMessage`` alone.
    @ObservationIgnored private var runCount: UInt64 = 0

    /// Creates an idle screen task with no error to show.
    package init() {}

    /// Runs `intent`: clears the error, is busy until the intent ends, and turns a failure into
    /// ``errorMessage`` (a cancelled intent shows nothing).
    ///
    /// Cancelling the caller's task cancels the intent too.
    ///
    /// - Parameters:
    ///   - overlap: what to do when another intent is under way; by default the new one is ignored.
    ///   - intent: the work, on the main actor; it may change the view model's state as it goes.
    /// - Returns: `true` when the intent ran and finished without failing; `false` when it was
    ///   refused, failed, was cancelled, or was replaced by a later run.
    @discardableResult
    package func run(
        whileBusy overlap: Overlap = .refuse, _ intent: @escaping ScreenIntent
    ) async -> Bool {
        if isBusy {
            guard overlap == .replace else { return false }
            current?.cancel()
        }
        runCount &+= 1
        let thisRun = runCount
        isBusy = true
        errorMessage = nil
        let task = Task { () -> WoteError? in
            do throws(WoteError) {
                try await intent()
                return nil
            } catch {
                return error
            }
        }
        current = task
        let failure = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        // A later run replaced this one: the screen's state is that run's now.
        guard thisRun == runCount else { return false }
        current = nil
        isBusy = false
        guard let failure else { return true }
        errorMessage = Self.message(for: failure)
        return false
    }

    /// Cancels the intent under way, if any. It ends as soon as the work it waits for notices; a
    /// cancelled intent shows no error.
    package func cancel() {
        current?.cancel()
    }

    /// Forgets the error message once it was shown.
    package func dismissError() {
        errorMessage = nil
    }

    /// The sentence a screen shows for `error`: every failure but cancellation, which the person
    /// asked for (or the screen went away).
    package static func message(for error: WoteError) -> String? {
        error == .cancelled ? nil : error.message
    }
}

/// A screen's async intent: work on the main actor that may fail with a ``WoteError``.
package typealias ScreenIntent = @MainActor () async throws(WoteError) -> Void
