public import WoteDomain

/// Registers this device's push token for the signed-in member.
public struct RegisterDeviceTokenUseCase: Sendable {
    private let devices: any DeviceRepository

    /// Creates the use case.
    ///
    /// - Parameter devices: the repository that sends the token.
    public init(devices: any DeviceRepository) {
        self.devices = devices
    }

    /// Registers `token`.
    ///
    /// - Parameter token: the push token, for example `DeviceToken(bytes:)` from the APNs callback.
    /// - Throws: ``WoteError/notSignedIn``, ``WoteError/profileRequired``, server and network failures.
    public func execute(_ token: DeviceToken) async throws(WoteError) {
        try await devices.registerDeviceToken(token)
    }

    /// Checks that `hex` is a hexadecimal token, then registers it.
    ///
    /// - Parameter hex: the token as hexadecimal text.
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` before any request when `hex` is not an
    ///   even number of hexadecimal digits; otherwise as ``execute(_:)``.
    public func execute(hex: String) async throws(WoteError) {
        try await execute(DeviceToken(hex: hex))
    }
}
