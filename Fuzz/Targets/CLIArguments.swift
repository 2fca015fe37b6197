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
    // Before `--`; `--help` and `--version` can never be taken as an option's value, since values
    // starting with `--` are refused.
    let options = arguments.prefix { $0 != "--" }
    let invocation: Invocation
    do {
        invocation = try CommandLineParser.parse(arguments, environment: [:])
    } catch {
        FuzzProperty.require(error.kind == .usage, "parsing failed as \(error.kind), not usage")
        FuzzProperty.require(!error.message.isEmpty, "a usage error without a message")
        requireValidJSON(error.json.text, kind: "usage")
        return 0
    }
    if options.contains("--version") {
        FuzzProperty.require(invocation.command == .version, "--version gave \(invocation.command)")
    } else if options.contains("--help") {
        guard case .help(let topic) = invocation.command else {
            FuzzProperty.fail("--help gave \(invocation.command)")
        }
        FuzzProperty.require(!HelpText.text(for: topic).isEmpty, "no help text for \(String(describing: topic))")
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
