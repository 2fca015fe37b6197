import Foundation
import WoteKit

/// Turns `wote`'s arguments into an ``Invocation``, or a usage error naming the argument that is wrong.
///
/// The shared options (`--server`, `--store`, `--json`, `--show-tokens`, `--verbose`, `--timeout`, `--help`,
/// `--version`) may stand before or after the command; `--` ends the options.
package enum CommandLineParser {
    /// Parses `arguments` (without the program name).
    ///
    /// - Parameters:
    ///   - arguments: the command line after `wote`.
    ///   - environment: where `WOTE_SERVER` and `WOTE_STORE` are looked up.
    /// - Returns: the options and the command.
    /// - Throws: a ``FailureKind/usage`` failure naming the wrong argument.
    package static func parse(_ arguments: [String], environment: [String: String]) throws(CommandFailure)
        -> Invocation
    {
        let scan = try SharedOptionScan(arguments)
        let options = try globalOptions(from: scan, environment: environment)
        if scan.version { return Invocation(options: options, command: .version) }
        let action = try CommandRegistry.action(from: scan.rest, help: scan.help)
        if options.json, case .run(let command) = action, type(of: command).configuration.printsTextOnly {
            throw .usage("--json: 'wote \(type(of: command).configuration.name)' prints text only")
        }
        return Invocation(options: options, command: action)
    }

    /// Whether the command line asks for JSON output, read leniently so that even a usage error can
    /// be reported as JSON.
    ///
    /// - Parameter arguments: the command line after `wote`.
    package static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    private static func globalOptions(from scan: SharedOptionScan, environment: [String: String])
        throws(CommandFailure) -> GlobalOptions
    {
        var options = GlobalOptions(storeURL: GlobalOptions.defaultStoreURL())
        options.json = scan.json
        options.showTokens = scan.showTokens
        options.verbose = scan.verbose
        if let server = scan.server {
            options.serverURL = try serverURL(server, named: "--server")
            options.serverWasChosen = true
        } else if let server = environment["WOTE_SERVER"], !server.isEmpty {
            options.serverURL = try serverURL(server, named: "WOTE_SERVER")
            options.serverWasChosen = true
        }
        if let store = scan.store {
            options.storeURL = try storeURL(store, named: "--store")
            options.storeWasChosen = true
        } else if let store = environment["WOTE_STORE"], !store.isEmpty {
            options.storeURL = try storeURL(store, named: "WOTE_STORE")
            options.storeWasChosen = true
        }
        if let timeout = scan.timeout {
            guard let seconds = Double(timeout), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw .usage("--timeout: expected a number of seconds between 0 and 3600, not '\(timeout)'")
            }
            options.timeout = .milliseconds(Int((seconds * 1000).rounded(.up)))
        }
        return options
    }

    private static func serverURL(_ text: String, named name: String) throws(CommandFailure) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw .usage("\(name): expected an http or https URL such as http://127.0.0.1:8080, not '\(text)'")
        }
        return url
    }

    private static func storeURL(_ path: String, named name: String) throws(CommandFailure) -> URL {
        guard !path.isEmpty, !path.hasSuffix("/"), !path.contains("\0") else {
            throw .usage("\(name): expected the path of a file, not '\(path)'")
        }
        return URL(fileURLWithPath: path, isDirectory: false)
    }
}
