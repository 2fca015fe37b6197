package import WoteKit

/// `wote device-token register HEX`: registers a push device token.
package struct DeviceTokenRegisterCommand: WoteCommand {
    package static let configuration = CommandConfiguration(
        words: ["device-token", "register"], arguments: ["HEX"], summary: "Register a push device token.",
        details: "HEX is an even number of hexadecimal digits.")

    /// The token to register.
    package var deviceToken: DeviceToken

    package init(parsing arguments: inout ArgumentCursor) throws(CommandFailure) {
        deviceToken = try DeviceToken(argument: arguments.positional(), named: "HEX")
    }

    package func run(_ context: CommandContext) async throws(CommandFailure) -> CommandOutput {
        try await context.withSession { () throws(WoteError) in
            try await context.wote.registerDeviceToken(deviceToken)
        }
        return .ok(localized("Device token registered.", ko: "기기 토큰을 등록했습니다."))
    }
}
