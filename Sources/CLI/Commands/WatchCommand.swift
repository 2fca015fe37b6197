import Foundation
import Observation
import WoteKit

/// `wote watch [--events N]`: restores the session, then prints each session event as it happens:
/// a logout, a sign-in or a refresh in another `wote` (or any process on the same store) shows
/// here as it lands (issue 31).
package struct WatchCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["watch"],
        options: [.value("--events", "N", required: false), .flag("--model")],
        summary: "Print session events as they happen, here or in another process.",
        details: """
            Restores the session, prints "watching" with its state, then one line per session
            event (signedIn, tokensRefreshed, signedOut(endedElsewhere), ...) until interrupted,
            or until --events N events were printed. With --model, each event is followed by
            "model: STATE", the state of the client's SessionModel once it follows the session
            (within 2 s). With --json: one object per line, {"event": "..."} and {"model": "..."}.
            No token is ever printed.
            """,
        runsUntilStopped: true)

    /// How many events to print before returning; `nil`: until interrupted.
    package var limit: Int?

    /// Whether each event is followed by the SessionModel's state (`--model`).
    package var showsModel: Bool

    /// Creates the command.
    init(limit: Int? = nil, showsModel: Bool = false) {
        self.limit = limit
        self.showsModel = showsModel
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let events = arguments.value(of: "--events")
        let showsModel = arguments.flag("--model")
        self.init(
            limit: events == nil
                ? nil : try PostArguments.integer(events, named: "--events", atLeast: 1, default: 1),
            showsModel: showsModel)
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        // Subscribed before the restore, so nothing that happens from then on is missed.
        let events = context.wote.sessionEvents()
        // Made now, so it follows the session from the restore on.
        let model = showsModel ? context.wote.session : nil
        let snapshot = try await context.restore()
        emit("watching: \(snapshot.state)", json: [("watching", .string("\(snapshot.state)"))], in: context)
        var printed = 0
        var restoreHeard = false
        for await event in events {
            if case .initialState = event { continue }
            // The restore just reported, as "watching".
            if case .restored = event, !restoreHeard {
                restoreHeard = true
                continue
            }
            emit("\(event)", json: [("event", .string("\(event)"))], in: context)
            if let model {
                let state = await Self.state(of: model, following: await context.wote.currentSession.state)
                emit(
                    "model: \(state.map { "\($0)" } ?? "unknown")",
                    json: [("model", .string("\(state.map { "\($0)" } ?? "unknown")"))], in: context)
            }
            printed += 1
            if let limit, printed >= limit { break }
        }
        return .alreadyPrinted
    }

    /// The model's state once it is `expected` (the model follows its own subscription to the
    /// session's events, so it may be a moment behind the stream), or whatever it is after 2 s.
    @MainActor private static func state(
        of model: SessionModel, following expected: AuthenticationState
    ) async -> AuthenticationState? {
        let deadline = ContinuousClock.now + .seconds(2)
        while model.state != expected, ContinuousClock.now < deadline {
            // Wakes at the model's next change, or after a short while to look at the deadline.
            let changed = Wakeup()
            withObservationTracking {
                _ = model.state
            } onChange: {
                changed.fire()
            }
            await changed.wait(atMost: .milliseconds(100))
        }
        return model.state
    }

    private func emit(_ text: String, json: [(String, JSONValue)], in context: CommandContext) {
        context.terminal.print(context.options.json ? JSONValue.object(json).text : text)
    }
}

/// One wake-up, from an observation's change or a time-out, whichever comes first.
private final class Wakeup: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var fired = false

    func fire() {
        let waiting: CheckedContinuation<Void, Never>? = lock.withLock {
            fired = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }

    func wait(atMost limit: Duration) async {
        let timer = Task {
            try? await Task.sleep(for: limit)
            fire()
        }
        defer { timer.cancel() }
        await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
            let resumeNow: Bool = lock.withLock {
                if fired { return true }
                continuation = waiting
                return false
            }
            if resumeNow { waiting.resume() }
        }
    }
}
