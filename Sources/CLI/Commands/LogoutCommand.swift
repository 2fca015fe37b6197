package import WoteKit

/// `wote logout [--device-token HEX]`: logs out; the local session always ends.
package struct LogoutCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["logout"], options: [.value("--device-token", "HEX", required: false)],
        summary: "Log out; the local session always ends.",
        details: "The local session ends whatever the server answers, offline included.")

    /// This device's push token, to unregister with the logout.
    package var deviceToken: DeviceToken?

    /// Creates the command.
    init(deviceToken: DeviceToken? = nil) {
        self.deviceToken = deviceToken
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let token = try arguments.value(of: "--device-token").map { (hex) throws(CommandFailure) in
            try DeviceToken(argument: hex, named: "--device-token")
        }
        self.init(deviceToken: token)
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        let before = try await context.restore()
        try await context.attempt { () throws(WoteError) in
            try await context.wote.logout(deviceToken: deviceToken)
        }
        return .ok(
            before.state.hasSession
                ? localized("Logged out.", ko: "로그아웃했습니다.")
                : localized("Nobody was signed in.", ko: "로그인한 사람이 없었습니다."),
            state: "signedOut")
    }
}
