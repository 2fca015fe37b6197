import Foundation
import WoteKit

/// `wote withdraw --yes [--apple [--code-file PATH]]`: deletes the account; without `--yes` nothing is
/// sent. With `--apple`, a Sign in with Apple member confirms with a fresh authorization code, read
/// from the first line of standard input (not echoed on a terminal) or of PATH, never from an
/// argument; the server revokes the member's Apple tokens with it. No code, nothing sent.
package struct WithdrawCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["withdraw"],
        options: [.flag("--yes", required: true), .flag("--apple"), .value("--code-file", "PATH", required: false)],
        summary: "Delete the account (asks for --yes; --apple reads a fresh Apple code from standard input).",
        details: """
            This cannot be undone; without --yes nothing is sent. A Sign in with Apple member adds --apple:
            the step-up, a fresh authorization code from Sign in with Apple, is the first line of standard
            input (not echoed on a terminal), or of PATH with --code-file; never an argument. The server
            revokes the member's Apple tokens with it. An empty or missing code stops the withdrawal before
            anything is sent (exit 2): the account and the session are kept, as they are when the server
            refuses the code (exit 5, code A001).
            """,
        readsSecret: "authorization code")

    /// Whether the step-up is a fresh Sign in with Apple code.
    package var apple: Bool
    /// The file holding the code on its first line; `nil`: standard input.
    package var codeFile: String?

    /// Refuses to go on without `--yes`.
    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        guard arguments.flag("--yes") else {
            throw .usage("--yes: 'wote withdraw' deletes your account for good; add --yes to confirm")
        }
        apple = arguments.flag("--apple")
        codeFile = try arguments.value(of: "--code-file").map { (path) throws(CommandFailure) in
            try ArgumentCursor.nonBlank(path, named: "--code-file")
        }
        if codeFile != nil && !apple {
            throw .usage("--code-file: only with --apple (the step-up code of a Sign in with Apple member)")
        }
    }

    /// The step-up code, read before anything is sent.
    ///
    /// - Throws: a usage failure when there is no code (nothing was sent).
    private func readAppleCode(_ context: CommandContext) async throws(CommandFailure) -> String {
        let line = try await context.readAuthorizationCodeLine(
            codeFile: codeFile,
            prompt: localized("Fresh Sign in with Apple authorization code: ", ko: "새 Apple 로그인 인가 코드: "))
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty else {
            throw .usage(
                "authorization code: the first line of \(codeFile ?? "standard input") is empty; nothing was sent")
        }
        return code
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        if apple {
            let code = try await readAppleCode(context)
            try await context.withSession { () throws(WoteError) in
                try await context.wote.withdraw(confirmingWith: .apple(code))
            }
        } else {
            try await context.withSession { () throws(WoteError) in try await context.wote.withdraw() }
        }
        return .ok(
            localized("Your account was deleted. Signed out.", ko: "계정을 삭제했습니다. 로그아웃되었습니다."), state: "signedOut")
    }
}
