// Fuzz target `cli-arguments`: any command line through the terminal front's parser
// (`CommandLineParser.parse`), the pure step before any I/O or request.
//
// Input: the arguments after `wote`, separated by NUL bytes (see `FuzzInput.arguments`).
import Foundation
import WoteCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func cliArgumentsTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let arguments = FuzzInput.arguments(FuzzInput.data(bytes, count))
    _ = CommandLineParser.wantsJSON(arguments)
    // First on the line, `--help` and `--version` stand where an option stands: no option before
    // them can take them as its value. (Later they may be a value: `--title --version` is a title.)
    let first = arguments.first
    let invocation: Invocation
    do {
        invocation = try CommandLineParser.parse(arguments, environment: [:])
    } catch {
        FuzzProperty.require(error.kind == .usage, "parsing failed as \(error.kind), not usage")
        FuzzProperty.require(!error.message.isEmpty, "a usage error without a message")
        requireValidJSON(error.json.text, kind: "usage")
        return 0
    }
    if first == "--version" {
        FuzzProperty.require(invocation.command == .version, "--version gave \(invocation.command)")
    } else if first == "--help" || first == "-h" {
        switch invocation.command {
        case .version: break  // `--version` later on the line wins.
        case .help(let topic):
            FuzzProperty.require(!HelpText.text(for: topic).isEmpty, "no help text for \(String(describing: topic))")
        default: FuzzProperty.fail("--help gave \(invocation.command)")
        }
    }
    let scheme = invocation.options.serverURL.scheme?.lowercased()
    FuzzProperty.require(scheme == "http" || scheme == "https", "server URL with scheme \(String(describing: scheme))")
    if invocation.options.json {
        FuzzProperty.require(
            invocation.command != .interactive && invocation.command != .demo, "--json with a text-only command")
    }
    return 0
}

/// The front's hand-written JSON is one object that `JSONSerialization` reads, with the error's kind.
private func requireValidJSON(_ text: String, kind: String) {
    let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    let error = object?["error"] as? [String: Any]
    FuzzProperty.require(error?["kind"] as? String == kind, "--json error output does not parse: \(text)")
}
