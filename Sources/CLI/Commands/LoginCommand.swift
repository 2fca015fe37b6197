import WoteKit

/// `wote login apple|kakao CODE [--no-remember]`: signs in with an authorization code from a
/// social provider.
package struct LoginCommand: WoteCommand {
    /// The social providers `wote login` knows.
    package enum Provider: String, Sendable, CaseIterable {
        case apple
        case kakao
    }

    package static let configuration = CommandConfiguration(
        words: ["login"], arguments: ["apple|kakao", "CODE"], options: [.flag("--no-remember")],
        summary: "Sign in with an authorization code from Apple or Kakao.",
        details: """
            Prints the resulting state. A member whose profile is not completed is signed in into
            "profileRequired". --no-remember keeps the session in memory only: any stored session
            is removed and nothing is written, so the next wote command is signed out.
            """)

    /// The provider that issued the code.
    package var provider: Provider
    /// The authorization code; never printed.
    package var code: Redacted
    /// Whether the session is kept in the store ("keep me signed in").
    package var remember: Bool

    /// Creates the command.
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
        let code = try ArgumentCursor.nonBlank(arguments.positional(), named: "CODE")
        self.init(provider: provider, code: code, remember: !arguments.flag("--no-remember"))
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let credential: LoginCredential =
            switch provider {
            case .apple: .apple(authorizationCode: code.value)
            case .kakao: .kakao(authorizationCode: code.value)
            }
        return try await context.signIn(with: credential, remember: remember)
    }
}
