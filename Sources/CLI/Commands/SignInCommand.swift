import WoteKit

/// `wote signin ID [--no-remember]`: signs in with an ID; the password is the first line of
/// standard input.
package struct SignInCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["signin"], arguments: ["ID"], options: [.flag("--no-remember")],
        summary: "Sign in with an ID; the password is the first line of standard input.",
        details: """
            --no-remember keeps the session in memory only ("keep me signed in" turned off).
            """,
        readsSecret: "password")

    /// The account ID.
    package var loginId: String
    /// Whether the session is kept in the store ("keep me signed in").
    package var remember: Bool

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        loginId = try ArgumentCursor.nonBlank(arguments.positional(), named: "ID")
        remember = !arguments.flag("--no-remember")
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let password = try await context.readPassword()
        return try await context.signIn(with: .password(loginId: loginId, password: password), remember: remember)
    }
}
