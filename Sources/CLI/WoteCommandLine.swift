import Foundation
import WoteKit

/// The `wote` terminal front's entry point: parses the command line, runs the command through the
/// WoteKit composition root, prints the result, and returns the exit code.
///
/// ```swift
/// exit(await WoteCommandLine.run(Array(CommandLine.arguments.dropFirst())))
/// ```
public enum WoteCommandLine {
    /// The version `wote --version` prints.
    public static let version = "0.1.0"

    /// Runs `wote` with `arguments` (without the program name).
    ///
    /// - Parameter arguments: the command line after `wote`.
    /// - Returns: the exit code: 0 on success, else the code of the failure's kind (see `Docs/CLI.md`).
    @MainActor
    public static func run(_ arguments: [String]) async -> Int32 {
        Terminal.ignoreBrokenPipes()
        let terminal = Terminal()
        let invocation: Invocation
        do {
            invocation = try CommandLineParser.parse(arguments, environment: ProcessInfo.processInfo.environment)
        } catch {
            return report(error, json: CommandLineParser.wantsJSON(arguments), on: terminal)
        }
        let options = invocation.options
        switch invocation.command {
        case .help(let topic):
            let text = HelpText.text(for: topic)
            if options.json {
                terminal.printExact(JSONValue.object([("usage", .string(text))]).text)
            } else {
                terminal.print(text)
            }
            return 0
        case .version:
            if options.json {
                terminal.printExact(JSONValue.object([("version", .string(version))]).text)
            } else {
                terminal.print("wote \(version)")
            }
            return 0
        case .run(let command):
            if !options.serverWasChosen { terminal.printError(defaultServerWarning) }
            let deadline =
                type(of: command).configuration.runsUntilStopped
                ? nil : startDeadline(options, on: terminal)
            defer { deadline?.finish() }
            let wote = makeClient(options)
            defer { wote.shutdown() }
            let context = CommandContext(options: options, terminal: terminal, wote: wote, makeClient: makeClient)
            do {
                let output = try await command.run(context)
                for warning in output.warnings { terminal.printError(warning) }
                if output.isAlreadyPrinted {
                    return 0
                } else if options.json {
                    terminal.printExact(output.json.text)
                } else {
                    terminal.print(output.text)
                }
                return 0
            } catch {
                return report(error, json: options.json, on: terminal)
            }
        }
    }

    /// What `wote` says on standard error when neither `--server` nor `WOTE_SERVER` named a server:
    /// any user of the machine who listens on the default port first would get what the command
    /// sends, passwords and codes included.
    static var defaultServerWarning: String {
        "wote: no server given, so using \(GlobalOptions.defaultServerURL.absoluteString), where any user of "
            + "this machine could be listening; name the server with --server URL or WOTE_SERVER=URL."
    }

    /// Starts the clock of the whole command (``CommandDeadline``): `--timeout`, else WoteKit's
    /// time-out for one exchange. When it runs out, the time-out is reported as any other is (exit 6).
    static func startDeadline(_ options: GlobalOptions, on terminal: Terminal) -> CommandDeadline {
        let limit = options.timeout ?? WoteConfiguration(baseURL: options.serverURL).requestTimeout
        return CommandDeadline.start(limit: limit) { [json = options.json] in
            let failure = CommandFailure(WoteError.timeout)
            if json && !OutputRecord.hasWritten {
                terminal.printExact(failure.json.text)
            } else {
                terminal.printError(errorText(failure))
            }
        }
    }

    /// The client for `options`: the server, a file store, the time-out, and WoteKit's redacted
    /// diagnostics on standard error with `--verbose`.
    @Sendable static func makeClient(_ options: GlobalOptions) -> WoteClient {
        var configuration = WoteConfiguration(
            baseURL: options.serverURL, storage: FileTokenStorage(fileURL: options.storeURL))
        if let timeout = options.timeout { configuration.requestTimeout = timeout }
        if options.verbose { configuration.diagnostics = .standardError }
        applySessionRole(from: ProcessInfo.processInfo.environment, to: &configuration.session)
        return WoteClient(configuration: configuration)
    }

    /// The session role from the environment: `WOTE_ROLE=follower` makes this `wote` a follower
    /// (it asks a leader on the same store, such as a running `wote watch`, for a new pair before
    /// refreshing itself), `WOTE_FOLLOWER_WAIT=SECONDS` sets how long it waits for one.
    static func applySessionRole(from environment: [String: String], to session: inout SessionConfiguration) {
        if environment["WOTE_ROLE"] == "follower" { session.role = .follower }
        if let wait = environment["WOTE_FOLLOWER_WAIT"].flatMap(Double.init), wait >= 0, wait < 3600 {
            session.followerWait = .milliseconds(Int(wait * 1000))
        }
    }

    /// Prints `failure` (as JSON on standard output, or as text on standard error) and returns its exit code.
    static func report(_ failure: CommandFailure, json: Bool, on terminal: Terminal) -> Int32 {
        if failure.isAlreadyReported {
            return failure.kind.exitCode
        } else if json {
            terminal.printExact(failure.json.text)
        } else {
            terminal.printError(errorText(failure))
        }
        return failure.kind.exitCode
    }

    /// How `failure` reads on standard error: `wote: That nickname is already taken. [E013]`.
    package static func errorText(_ failure: CommandFailure) -> String {
        var line = "wote: \(failure.message)"
        if let code = failure.code { line += " [\(code)]" }
        if failure.kind == .usage && !failure.message.contains("--help") {
            line += "\nRun 'wote --help' for usage."
        }
        return line
    }
}
