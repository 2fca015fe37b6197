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
    public func callAsFunction(_ token: DeviceToken) async throws(WoteError) {
        try await devices.registerDeviceToken(token)
    }

    /// Checks that `hex` is a hexadecimal token, then registers it.
    ///
    /// - Parameter hex: the token as hexadecimal text.
    /// - Throws: ``WoteError/invalidArgument(name:reason:)`` before any request when `hex` is not an
    ///   even number of hexadecimal digits; otherwise as ``callAsFunction(_:)``.
    public func callAsFunction(hex: String) async throws(WoteError) {
        try await callAsFunction(DeviceToken(hex: hex))
    }
}
