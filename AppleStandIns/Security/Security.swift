// Stand-in for Apple's Security module, for `scripts/apple-typecheck.sh` only: never linked, never
// run (every function traps). It declares exactly what WoteKit's Keychain binding
// (Sources/Data/Storage/KeychainTokenStorage+Security.swift) uses, with the names, labels,
// optionality and types Apple documents for the Swift import of Security:
//   func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus
//   func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus
//   func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus
//   func SecItemDelete(_ query: CFDictionary) -> OSStatus
//   let kSec…: CFString
//
// Compromises (Core Foundation does not exist on Linux), chosen so the binding's source is the same
// text that compiles on Apple platforms:
// - CFString is NSString and CFDictionary is NSDictionary: on Apple they are distinct CF types,
//   toll-free bridged to those classes, and `x as String` / `[String: Any] as CFDictionary` bridge the
//   same way. Code calling an NSString-only method on a CFString would pass here and fail there.
// - CFTypeRef is AnyObject, as on Apple; `item as? Data` is a bridging cast in both places.
// - The kSec… constants are `nonisolated(unsafe) let`: Apple's are imported C globals, which Swift
//   does not check for concurrency safety either. Their values here are placeholders.
import Foundation

public typealias OSStatus = Int32
public typealias CFString = NSString
public typealias CFDictionary = NSDictionary
public typealias CFTypeRef = AnyObject

@available(iOS 2.0, macOS 10.6, *)
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("stand-in")
}

@available(iOS 2.0, macOS 10.6, *)
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("stand-in")
}

@available(iOS 2.0, macOS 10.6, *)
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    fatalError("stand-in")
}

@available(iOS 2.0, macOS 10.6, *)
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    fatalError("stand-in")
}

nonisolated(unsafe) public let kSecClass: CFString = NSString(string: "class")
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = NSString(string: "genp")
nonisolated(unsafe) public let kSecAttrService: CFString = NSString(string: "svce")
nonisolated(unsafe) public let kSecAttrAccount: CFString = NSString(string: "acct")
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = NSString(string: "agrp")
nonisolated(unsafe) public let kSecAttrAccessible: CFString = NSString(string: "pdmn")
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = NSString(string: "sync")
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = NSString(string: "nleg")
nonisolated(unsafe) public let kSecValueData: CFString = NSString(string: "v_Data")
nonisolated(unsafe) public let kSecReturnData: CFString = NSString(string: "r_Data")
nonisolated(unsafe) public let kSecMatchLimit: CFString = NSString(string: "m_Limit")
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = NSString(string: "m_LimitOne")
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlocked: CFString = NSString(string: "ak")
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = NSString(string: "ck")
nonisolated(unsafe) public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = NSString(string: "akpu")
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = NSString(string: "aku")
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = NSString(string: "cku")

// The Darwin notify center of Core Foundation, as Swift declares it (Apple's documentation of
// CFNotificationCenter): on Apple platforms Security's headers import Core Foundation and the module
// re-exports it, so a file importing Security sees these. WoteData's Darwin store notices call them.
public final class CFNotificationCenter {}

public struct CFNotificationName: RawRepresentable, Hashable, @unchecked Sendable {
    public var rawValue: CFString
    public init(_ rawValue: CFString) { self.rawValue = rawValue }
    public init(rawValue: CFString) { self.rawValue = rawValue }
}

public enum CFNotificationSuspensionBehavior: Int {
    case drop = 1
    case coalesce = 2
    case hold = 3
    case deliverImmediately = 4
}

// Apple: @convention(c) (CFNotificationCenter?, UnsafeMutableRawPointer?, CFNotificationName?,
// UnsafeRawPointer?, CFDictionary?) -> Void. Linux cannot pass classes through a C function type, so the
// three CF objects are opaque pointers here: a callback that ignores them (as WoteData's does) reads
// the same, and capturing context is refused as on Apple.
public typealias CFNotificationCallback = @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, OpaquePointer?, UnsafeRawPointer?, OpaquePointer?
) -> Void

public func CFNotificationCenterGetDarwinNotifyCenter() -> CFNotificationCenter! {
    fatalError("stand-in")
}

public func CFNotificationCenterAddObserver(
    _ center: CFNotificationCenter!, _ observer: UnsafeRawPointer!, _ callBack: CFNotificationCallback!,
    _ name: CFString!, _ object: UnsafeRawPointer!, _ suspensionBehavior: CFNotificationSuspensionBehavior
) {
    fatalError("stand-in")
}

public func CFNotificationCenterRemoveObserver(
    _ center: CFNotificationCenter!, _ observer: UnsafeRawPointer!, _ name: CFNotificationName!,
    _ object: UnsafeRawPointer!
) {
    fatalError("stand-in")
}

public func CFNotificationCenterPostNotification(
    _ center: CFNotificationCenter!, _ name: CFNotificationName!, _ object: UnsafeRawPointer!,
    _ userInfo: CFDictionary!, _ deliverImmediately: Bool
) {
    fatalError("stand-in")
}
