import Foundation
import WoteKit

/// Turns `wote`'s arguments into an ``Invocation``, or a usage error naming the argument that is wrong.
///
/// The shared options (`--server`, `--store`, `--json`, `--show-tokens`, `--timeout`, `--help`,
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
        let command = try CommandArguments.command(from: scan.rest, help: scan.help)
        if options.json, command == .interactive || command == .demo {
            throw .usage("--json: 'wote \(command == .demo ? "demo" : "interactive")' prints text only")
        }
        return Invocation(options: options, command: command)
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
        if let server = scan.server {
            options.serverURL = try serverURL(server, named: "--server")
        } else if let server = environment["WOTE_SERVER"], !server.isEmpty {
            options.serverURL = try serverURL(server, named: "WOTE_SERVER")
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

/// The shared options picked out of a command line, and everything else in order.
struct SharedOptionScan {
    var json = false
    var showTokens = false
    var help = false
    var version = false
    var server: String?
    var store: String?
    var timeout: String?
    /// The other arguments, `--` included, in their order.
    var rest: [String] = []

    init(_ arguments: [String]) throws(CommandFailure) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "--" {
                optionsEnded = true
                rest.append(argument)
                continue
            }
            let (name, inline) = OptionSyntax.split(argument)
            switch name {
            case "--json", "--show-tokens", "--help", "-h", "--version":
                guard inline == nil else { throw .usage("\(name): takes no value") }
                switch name {
                case "--json": json = true
                case "--show-tokens": showTokens = true
                case "--version": version = true
                default: help = true
                }
            case "--server", "--store", "--timeout":
                let value = try OptionSyntax.value(of: name, inline: inline, in: arguments, at: &index)
                switch name {
                case "--server": server = value
                case "--store": store = value
                default: timeout = value
                }
            default:
                rest.append(argument)
            }
        }
    }
}

/// How options are written: `--name value` or `--name=value`.
enum OptionSyntax {
    /// Whether `argument` is written as an option.
    static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1
    }

    /// Splits `--name=value` into its name and value; other arguments have no inline value.
    static func split(_ argument: String) -> (name: String, inline: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The value of option `name`: written inline, or the next argument (which is then consumed).
    static func value(of name: String, inline: String?, in arguments: [String], at index: inout Int)
        throws(CommandFailure) -> String
    {
        if let inline { return inline }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw .usage("\(name): missing value")
        }
        defer { index += 1 }
        return arguments[index]
    }
}
