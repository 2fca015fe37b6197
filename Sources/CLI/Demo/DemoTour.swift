import Foundation
import WoteKit

/// `wote demo`: a narrated tour of the whole journey against a reference server started with test
/// hooks: a new member (E009), a nickname taken and one free, profile setup, my profile, token
/// expiry and the silent refresh (with the server's refresh count), logout, and a restore that
/// finds nobody signed in.
///
/// Every step runs like a separate `wote` command, on a client of its own over the same store, so
/// the tour shows what an app sees from one launch to the next.
@MainActor
struct DemoTour {
    let options: GlobalOptions
    let terminal: Terminal
    let makeClient: @Sendable (GlobalOptions) -> WoteClient

    /// Runs the tour.
    ///
    /// - Throws: the failure that stopped it, already narrated on standard error.
    func run() async throws(CommandFailure) {
        var options = self.options
        var temporaryDirectory: URL?
        if !options.storeWasChosen {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "wote-demo-\(UUID().uuidString)")
            temporaryDirectory = directory
            options.storeURL = directory.appendingPathComponent("session.json")
        }
        defer {
            if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
        }
        let steps = DemoSteps(options: options, terminal: terminal, makeClient: makeClient)
        terminal.print("WoteKit demo against \(options.serverURL.absoluteString)")
        let note = temporaryDirectory == nil ? "" : " (temporary, removed at the end)"
        terminal.print("Session store: \(options.storeURL.path(percentEncoded: false))\(note)")
        do {
            try await steps.run()
            terminal.print("")
            terminal.print(
                "The tour is over. Every step above is a wote command you can run yourself; see 'wote --help'.")
        } catch {
            terminal.print("")
            var line = "wote demo stopped: \(error.message)"
            if let code = error.code { line += " [\(code)]" }
            terminal.printError(line)
            if error.kind == .network || error.kind == .timeout {
                terminal.printError(
                    "Is the reference server running? scripts/demo.sh starts one and runs the demo against it.")
            }
            throw error.alreadyReported()
        }
    }
}
