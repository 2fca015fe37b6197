package import WoteKit

/// `wote logout [--device-token HEX] [--everywhere]`: logs out; the local session always ends.
/// With `--everywhere`, the server first ends every sign-in of the member (`[ext]`).
package struct LogoutCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["logout"], options: [.value("--device-token", "HEX", required: false), .flag("--everywhere")],
        summary: "Log out; the local session always ends. --everywhere signs out every device.",
        details: """
            The local session ends whatever the server answers, offline included. --everywhere asks the
            server to end every sign-in of the member first (a Wote extension); the other devices are
            signed out at their next contact ("signed out on another device"). When the server refuses
            (a server without the extension) or cannot be reached, nothing ends and the exit code says
            why: run 'wote logout' to end this session only.
            """)

    /// This device's push token, to unregister with the logout.
    package var deviceToken: DeviceToken?
    /// Whether every sign-in of the member ends.
    package var everywhere: Bool

    /// Creates the command.
    init(deviceToken: DeviceToken? = nil, everywhere: Bool = false) {
        self.deviceToken = deviceToken
        self.everywhere = everywhere
    }

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        let token = try arguments.value(of: "--device-token").map { (hex) throws(CommandFailure) in
            try DeviceToken(argument: hex, named: "--device-token")
        }
        let everywhere = arguments.flag("--everywhere")
        if everywhere && token != nil {
            throw .usage("--device-token: not with --everywhere (the server forgets this sign-in with the others)")
        }
        self.init(deviceToken: token, everywhere: everywhere)
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        if everywhere {
            try await context.withSession { () throws(WoteError) in try await context.wote.logoutEverywhere() }
            return .ok(
                localized(
                    "Signed out on every device.", ko: "모든 기기에서 로그아웃했습니다."),
                state: "signedOut")
        }
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
