import Foundation
import WoteKit

/// `wote watch [--events N]`: restores the session, then prints each session event as it happens:
/// a logout, a sign-in or a refresh in another `wote` (or any process on the same store) shows
/// here as it lands (issue 31).
package struct WatchCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["watch"],
        options: [.value("--events", "N", required: false)],
        summary: "Print session events as they happen, here or in another process.",
        details: """
            Restores the session, prints "watching" with its state, then one line per session
            event (signedIn, tokensRefreshed, signedOut(endedElsewhere), ...) until interrupted,
            or until --events N events were printed. With --json: one object per line,
            {"event": "..."}. No token is ever printed.
            """)

    /// How many events to print before returning; `nil`: until interrupted.
    package var limit: Int?

    /// Creates the command.
    init(limit: Int? = nil) {
        self.limit = limit
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let events = arguments.value(of: "--events")
        self.init(
            limit: events == nil
                ? nil : try PostArguments.integer(events, named: "--events", atLeast: 1, default: 1))
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        // Subscribed before the restore, so nothing that happens from then on is missed.
        let events = context.wote.sessionEvents()
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
            printed += 1
            if let limit, printed >= limit { break }
        }
        return .alreadyPrinted
    }

    private func emit(_ text: String, json: [(String, JSONValue)], in context: CommandContext) {
        context.terminal.print(context.options.json ? JSONValue.object(json).text : text)
    }
}
