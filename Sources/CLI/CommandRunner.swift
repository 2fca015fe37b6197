import Foundation
import WoteKit

/// Runs one command (everything but the interactive front and the demo) through the use cases a
/// ``WoteClient`` hands out, and says what to print.
///
/// Commands that need the session restore it first, as an app does at launch: the stored session
/// is used as it is while its access token is valid, and refreshed silently when it has expired.
struct CommandRunner {
    let wote: WoteClient
    let options: GlobalOptions
    let terminal: Terminal

    /// Runs `command`.
    ///
    /// - Returns: what to print.
    /// - Throws: the failure to report, with its kind and exit code.
    func run(_ command: Command) async throws(CommandFailure) -> CommandOutput {
        switch command {
        case .login(let provider, let code, let remember):
            return try await signIn(with: provider.credential(code: code), remember: remember)
        case .signIn(let loginId, let remember):
            let password = try await readPassword()
            return try await signIn(with: .password(loginId: loginId, password: password), remember: remember)
        case .status: return try await status()
        case .refresh: return try await refresh()
        case .logout(let deviceToken): return try await logout(deviceToken: deviceToken)
        case .withdraw: return try await withdraw()
        case .checkNickname(let name): return try await checkNickname(name)
        case .setUpProfile(let nickname, let schoolName, let region, let imagePath):
            return try await setUpProfile(
                nickname: nickname, schoolName: schoolName, region: region, imagePath: imagePath)
        case .showProfile: return try await showProfile()
        case .setConsumerType(let type): return try await setConsumerType(type)
        case .registerDeviceToken(let token): return try await registerDeviceToken(token)
        case .signUp(let loginId, let name, let email, let phone):
            return try await signUp(loginId: loginId, name: name, email: email, phone: phone)
        case .interactive, .demo, .help, .version:
            // The entry point runs these itself.
            throw .usage("'\(command)' is not a one-shot command")
        }
    }

    // MARK: - Session

    private func signIn(with credential: LoginCredential, remember: Bool) async throws(CommandFailure)
        -> CommandOutput
    {
        _ = try await attempt { () throws(WoteError) in
            try await wote.login.execute(with: FixedCredentialProvider(credential), remember: remember)
        }
        return SessionReport(await wote.auth.currentSession(), showTokens: options.showTokens).output
    }

    private func status() async throws(CommandFailure) -> CommandOutput {
        let snapshot = try await restore()
        var output = SessionReport(snapshot, showTokens: options.showTokens).output
        if let warning = snapshot.warning {
            output.warnings.append(
                "warning: the expired session could not be refreshed, so the state kept in the store is shown: "
                    + warning.message)
        }
        if case .signedOut(.storedSessionCorrupted(let reason)) = snapshot.state {
            output.warnings.append("warning: the stored session could not be used: \(reason)")
        }
        return output
    }

    private func refresh() async throws(CommandFailure) -> CommandOutput {
        try await restore()
        let snapshot = try await attempt { () throws(WoteError) in try await wote.refreshSession.execute() }
        return SessionReport(snapshot, showTokens: options.showTokens).output
    }

    private func logout(deviceToken: DeviceToken?) async throws(CommandFailure) -> CommandOutput {
        let before = try await restore()
        try await attempt { () throws(WoteError) in try await wote.logout.execute(deviceToken: deviceToken) }
        return .ok(before.state.hasSession ? "Logged out." : "Nobody was signed in.", state: "signedOut")
    }

    private func withdraw() async throws(CommandFailure) -> CommandOutput {
        try await restore()
        try await attempt { () throws(WoteError) in try await wote.withdraw.execute() }
        return .ok("Your account was deleted. Signed out.", state: "signedOut")
    }

    // MARK: - Helpers

    /// Restores the stored session, as an app does at launch.
    ///
    /// - Throws: a storage failure when the store cannot be read at all.
    @discardableResult
    func restore() async throws(CommandFailure) -> SessionSnapshot {
        let snapshot = await wote.restoreSession.execute()
        if case .storageUnavailable(let reason) = snapshot.state {
            throw CommandFailure(.storageFailure(reason))
        }
        return snapshot
    }

    /// Runs a WoteKit call, turning its error into the failure to report.
    func attempt<T>(_ body: () async throws(WoteError) -> T) async throws(CommandFailure) -> T {
        do {
            return try await body()
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Reads the password from the first line of standard input (not echoed on a terminal).
    func readPassword() async throws(CommandFailure) -> String {
        if terminal.isInteractive { terminal.printErrorPrompt("Password: ") }
        guard let line = await terminal.readLine(secret: true) else {
            throw .usage("password: expected on the first line of standard input")
        }
        guard !line.isEmpty else { throw .usage("password: the first line of standard input is empty") }
        return line
    }
}
