import WoteKit

/// `wote demo`: a guided tour of the whole journey against a reference server.
package struct DemoCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["demo"], summary: "A guided tour of the whole journey against a reference server.",
        details: """
            Start the reference server with test hooks (a secret in WOTE_TEST_HOOKS_SECRET, loopback
            only: other local users can reach it) and a short access-token lifetime, e.g.
            `wote-server --port 8080 --test-hooks --access-ttl 4s`, then run `wote demo` with the same
            WOTE_TEST_HOOKS_SECRET. Uses a temporary store unless --store is given.
            """,
        printsTextOnly: true, runsUntilStopped: true)

    /// Creates the command.
    init() {}

    package init(parsing arguments: inout ArgumentCursor) {}

    /// Runs the tour, which prints as it goes, its failure included.
    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await DemoTour(options: context.options, terminal: context.terminal, makeClient: context.makeClient).run()
        return .alreadyPrinted
    }
}
