package import WoteDomain
import WoteWire

/// The device's push registration on the Wote server (§4.9).
package struct WoteDeviceRepository: DeviceRepository {
    private let remote: any RemoteDataSource

    /// Creates the repository; only the composition root builds one.
    ///
    /// - Parameter remote: the server's endpoints.
    package init(remote: any RemoteDataSource) {
        self.remote = remote
    }

    /// Registers this device's push token for the signed-in member.
    ///
    /// - Parameter token: the device token, already checked to be hex.
    /// - Throws: the server's refusal or a network failure.
    package func registerDeviceToken(_ token: DeviceToken) async throws(WoteError) {
        let envelope = try await ResponseEnvelope<IgnoredPayload>.received { () async throws(APIError) in
            try await remote.registerDeviceToken(DeviceTokenRequestDTO(deviceToken: token.hex))
        }
        try envelope.requireSuccess()
    }
}
