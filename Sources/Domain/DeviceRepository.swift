/// The device's push registration.
public protocol DeviceRepository: Sendable {
    /// Registers this device's push token for the signed-in member.
    func registerDeviceToken(_ token: DeviceToken) async throws(WoteError)
}
