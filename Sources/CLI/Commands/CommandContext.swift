import Foundation
package import WoteKit

/// What a command runs with: the shared options, the terminal, and the ``WoteClient`` they
/// configure, with the steps many commands share (restore the session, read a password).
///
/// Commands that need the session restore it first, as an app does at launch: the stored session
/// is used as it is while its access token is valid, and refreshed silently when it has expired.
@MainActor
package struct CommandContext: Sendable {
    /// The shared options of the command line.
    package let options: GlobalOptions
    /// Where output goes and the password comes from.
    package let terminal: Terminal
    /// The client the command runs on, built for ``options``.
    package let wote: WoteClient
    /// Builds another client (the demo runs each step on a new one, as separate invocations would).
    package let makeClient: @Sendable (GlobalOptions) -> WoteClient

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - options: the shared options.
    ///   - terminal: the terminal.
    ///   - wote: the client for `options`.
    ///   - makeClient: how to build another client.
    package init(
        options: GlobalOptions, terminal: Terminal, wote: WoteClient,
        makeClient: @escaping @Sendable (GlobalOptions) -> WoteClient
    ) {
        self.options = options
        self.terminal = terminal
        self.wote = wote
        self.makeClient = makeClient
    }

    /// Restores the stored session, as an app does at launch.
    ///
    /// - Returns: the session as restored.
    /// - Throws: a storage failure when the store cannot be read at all.
    @discardableResult
    package func restore() async throws(CommandFailure) -> SessionSnapshot {
        let snapshot = await wote.restoreSession()
        if case .storageUnavailable(let reason) = snapshot.state {
            throw CommandFailure(.storageFailure(reason))
        }
        return snapshot
    }

    /// Restores the session, as an app does at launch, then runs a WoteKit call that needs it.
    ///
    /// - Returns: what the call returned.
    /// - Throws: a storage failure when the store cannot be read; else the call's failure.
    @discardableResult
    package func withSession<T>(_ body: () async throws(WoteError) -> T) async throws(CommandFailure) -> T {
        try await restore()
        return try await attempt(body)
    }

    /// Runs a WoteKit call, turning its error into the failure to report.
    package func attempt<T>(_ body: () async throws(WoteError) -> T) async throws(CommandFailure) -> T {
        do {
            return try await body()
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Signs in with `credential` and reports the session it started.
    ///
    /// - Parameters:
    ///   - credential: the authorization code, or the ID and password.
    ///   - remember: whether the session is kept in the store.
    /// - Returns: the session shape.
    package func signIn(with credential: LoginCredential, remember: Bool) async throws(CommandFailure)
        -> CommandOutput
    {
        _ = try await attempt { () throws(WoteError) in
            try await wote.login(credential, remember: remember)
        }
        return SessionReport(await wote.currentSession, showTokens: options.showTokens).output
    }

    /// Reads the password from the first line of standard input (not echoed on a terminal).
    ///
    /// - Throws: a usage failure when standard input has no line or an empty one.
    package func readPassword() async throws(CommandFailure) -> String {
        try await readSecretLine(named: "password", prompt: localized("Password: ", ko: "비밀번호: "))
    }

    /// Reads a secret from the first line of standard input (not echoed on a terminal), so that it
    /// is never in the process's arguments, which other users of the machine can read.
    ///
    /// - Parameters:
    ///   - name: the secret, as a usage error names it (`password`).
    ///   - prompt: what a terminal shows, on standard error.
    /// - Throws: a usage failure when standard input has no line or an empty one.
    package func readSecretLine(named name: String, prompt: String) async throws(CommandFailure) -> String {
        if terminal.isInteractive { terminal.printErrorPrompt(prompt) }
        guard let line = await terminal.readLine(secret: true) else {
            throw .usage("\(name): expected on the first line of standard input")
        }
        guard !line.isEmpty else { throw .usage("\(name): the first line of standard input is empty") }
        return line
    }
}
