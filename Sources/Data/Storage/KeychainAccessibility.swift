/// When the Keychain lets WoteKit read the stored session (`kSecAttrAccessible`).
///
/// The default, ``afterFirstUnlockThisDeviceOnly``, lets an app launched in the background (a push,
/// a background refresh) restore the session once the device has been unlocked since it started,
/// and keeps the tokens out of backups and other devices.
///
/// ```swift
/// import Security
///
/// let storage = KeychainTokenStorage(service: "com.example.app", accessibility: .whenUnlockedThisDeviceOnly)
/// ```
public enum KeychainAccessibility: String, Sendable, Hashable, CaseIterable {
    /// Readable after the first unlock since the device started; never leaves this device.
    case afterFirstUnlockThisDeviceOnly
    /// Readable after the first unlock since the device started; may move to a new device through
    /// an encrypted backup.
    case afterFirstUnlock
    /// Readable only while the device is unlocked; never leaves this device. A launch in the
    /// background while the device is locked finds the store ``TokenStorageError/unavailable(_:)``.
    case whenUnlockedThisDeviceOnly
    /// Readable only while the device is unlocked; may move to a new device through a backup.
    case whenUnlocked
    /// Readable only while unlocked, and only while the device has a passcode; the item is deleted
    /// when the passcode is removed. Never leaves this device.
    case whenPasscodeSetThisDeviceOnly
}
