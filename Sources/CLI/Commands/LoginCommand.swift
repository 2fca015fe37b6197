import Foundation
import WoteKit

/// `wote login apple|kakao [--code-file PATH] [--no-remember]`: signs in with an authorization
/// code from a social provider, read from the first line of standard input (or of PATH), never from
/// an argument: any user of the machine can read a process's arguments (`ps`, `/proc/PID/cmdline`)
/// while it runs, and redeem the one-time code first.
package struct LoginCommand: WoteCommand {
    /// The social providers `wote login` knows.
    package enum Provider: String, Sendable, CaseIterable {
        case apple
        case kakao
    }

    package static let configuration = CommandConfiguration(
        words: ["login"], arguments: ["apple|kakao"],
        options: [.value("--code-file", "PATH", required: false), .flag("--no-remember")],
        summary: "Sign in with an authorization code from Apple or Kakao, read from standard input.",
        details: """
            The code is the first line of standard input (not echoed on a terminal), or of PATH with
            --code-file; never an argument, where other users of the machine could read it. Prints the
            resulting state. A member whose profile is not completed is signed in into
            "profileRequired". --no-remember keeps the session in memory only: any stored session
            is removed and nothing is written, so the next wote command is signed out.
            """,
        readsSecret: "authorization code")

    /// The provider that issued the code.
    package var provider: Provider
    /// The authorization code, when it is already known (the demo); `nil`: read when the command runs.
    package var code: Redacted?
    /// The file holding the code on its first line; `nil`: standard input.
    package var codeFile: String?
    /// Whether the session is kept in the store ("keep me signed in").
    package var remember: Bool

    /// Creates the command with the code already known (the demo runs it in process, no arguments).
    init(provider: Provider, code: String, remember: Bool) {
        self.provider = provider
        self.code = Redacted(code)
        self.remember = remember
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let name = try arguments.positional()
        guard let provider = Provider(rawValue: name.lowercased()) else {
            throw .usage("apple|kakao: unknown provider '\(name)'; use apple or kakao")
        }
        self.provider = provider
        codeFile = try arguments.value(of: "--code-file").map { (path) throws(CommandFailure) in
            try ArgumentCursor.nonBlank(path, named: "--code-file")
        }
        remember = !arguments.flag("--no-remember")
    }

    /// The code: the one given, else the first line of `--code-file`'s file, else of standard input.
    ///
    /// - Throws: a usage failure when there is no code, or the file cannot be read.
    func readCode(_ context: CommandContext) async throws(CommandFailure) -> String {
        if let code { return code.value }
        let line = try await context.readAuthorizationCodeLine(
            codeFile: codeFile, prompt: localized("Authorization code: ", ko: "인가 코드: "))
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty else {
            throw .usage("authorization code: the first line of \(codeFile ?? "standard input") is empty")
        }
        return code
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let code = try await readCode(context)
        let credential: LoginCredential =
            switch provider {
            case .apple: .apple(authorizationCode: code)
            case .kakao: .kakao(authorizationCode: code)
            }
        return try await context.signIn(with: credential, remember: remember)
    }
}

extension CommandContext {
    /// The first line of `codeFile`'s file, or, without one, a line read from standard input with
    /// echo off after `prompt`: an authorization code, never taken from the arguments.
    ///
    /// - Throws: a usage failure when the file cannot be read.
    func readAuthorizationCodeLine(codeFile: String?, prompt: String) async throws(CommandFailure) -> String {
        guard let codeFile else { return try await readSecretLine(named: "authorization code", prompt: prompt) }
        guard let data = FileManager.default.contents(atPath: codeFile) else {
            throw .usage("--code-file: cannot read '\(codeFile)'")
        }
        return String(decoding: data, as: UTF8.self)
            .split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first
            .map(String.init) ?? ""
    }
}
