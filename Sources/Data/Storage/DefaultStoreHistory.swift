package import Foundation
import WoteDomain

/// Where earlier versions of WoteKit kept the default store, so the current default store can move
/// a session from there at first use (``StoreMove``). The history, with the commits, is in
/// `Tests/DataTests/Fixtures/StoreFormats/README.md`:
///
/// - Keychain: service `wote` (the old `appName` default, or the `appName` given), account `session`,
///   first without `kSecUseDataProtectionKeychain` (on macOS the login keychain), then in the data
///   protection keychain; since then `<bundle identifier>/<origin>`, or, for a process without a
///   bundle identifier, `<appName>/<origin>` in the login keychain, whose `appName` default was `wote`
///   before it became the program's name.
/// - File: `<state>/wote/session.json` (or `<state>/<appName>/session.json`), then
///   `<state>/wote/<origin folder>/session.json`, now `<state>/<program name>/<origin folder>/session.json`.
///
/// A session found at a former place moves only when it is this origin's, or has no origin (stored
/// before origins were recorded). From `<state>/wote/session.json`, which the terminal front still
/// uses as its own store, only a session without an origin moves: one with an origin was written
/// there since the default store left it, by the front.
package enum DefaultStoreHistory {
    /// The `appName` every default store used before it became the program's name.
    package static let formerAppName = "wote"

    /// A Keychain item an earlier default store used.
    package struct KeychainPlace: Sendable, Hashable {
        /// `kSecAttrService`.
        package var service: String
        /// `kSecUseDataProtectionKeychain`.
        package var useDataProtectionKeychain: Bool

        package init(service: String, useDataProtectionKeychain: Bool) {
            self.service = service
            self.useDataProtectionKeychain = useDataProtectionKeychain
        }
    }

    /// The Keychain items earlier default stores used for the default item `current`, the most
    /// recent first, without `current` itself.
    ///
    /// - Parameters:
    ///   - current: the default item now.
    ///   - origin: the API origin (`scheme://host:port`).
    ///   - appName: the `appName` the default store is asked for.
    ///   - hasBundleIdentifier: whether the process has a bundle identifier (an app) or not (a tool).
    package static func formerKeychainPlaces(
        of current: KeychainPlace, origin: String, appName: String, hasBundleIdentifier: Bool
    ) -> [KeychainPlace] {
        var places: [KeychainPlace] = []
        if !hasBundleIdentifier {
            // A tool's per-origin item, before its app name became the program's.
            places.append(KeychainPlace(service: formerAppName + "/" + origin, useDataProtectionKeychain: false))
        }
        for service in unique([appName, formerAppName]) {
            // The shared item: in the data protection keychain (an app, once it was the default), and
            // in the login keychain (before the store chose, and for a tool).
            if hasBundleIdentifier {
                places.append(KeychainPlace(service: service, useDataProtectionKeychain: true))
            }
            places.append(KeychainPlace(service: service, useDataProtectionKeychain: false))
        }
        return unique(places).filter { $0 != current }
    }

    /// The former Keychain places as stores to move from, over `calls`, each searched in
    /// `accessGroup`, the access group of the store they move into (Apple audit 2026-11-28, F6: a
    /// search without one covers every group the process belongs to, a shared group among them).
    package static func formerKeychainLocations(
        of current: KeychainPlace, origin: String, appName: String, hasBundleIdentifier: Bool,
        accessGroup: String? = nil, calls: KeychainCalls
    ) -> [FormerStoreLocation] {
        formerKeychainPlaces(of: current, origin: origin, appName: appName, hasBundleIdentifier: hasBundleIdentifier)
            .map { place in
                FormerStoreLocation(
                    KeychainTokenStorage(
                        service: place.service, accessGroup: accessGroup,
                        useDataProtectionKeychain: place.useDataProtectionKeychain, calls: calls),
                    takes: { session in session.origin == nil || session.origin == origin })
            }
    }

    /// A store file an earlier default store used, and whether a session with an origin may move
    /// from it (see the type's description).
    package struct FilePlace: Sendable, Hashable {
        /// The file.
        package var url: URL
        /// Whether only a session without an origin moves from it.
        package var onlyWithoutOrigin: Bool

        package init(url: URL, onlyWithoutOrigin: Bool) {
            self.url = url
            self.onlyWithoutOrigin = onlyWithoutOrigin
        }
    }

    /// The store files earlier default stores used for the default file `current`, the most recent
    /// first, without `current` itself.
    ///
    /// - Parameters:
    ///   - current: the default store file now.
    ///   - stateRoot: the folder the state directories are in (`$XDG_STATE_HOME` or `~/.local/state`).
    ///   - originFolder: the name of the origin's folder (`<scheme>_<host>_<port>`).
    ///   - appName: the `appName` the default store is asked for.
    package static func formerStoreFiles(
        of current: URL, stateRoot: URL, originFolder: String, appName: String
    ) -> [FilePlace] {
        let places = [
            FilePlace(
                url: stateRoot.appendingPathComponent(formerAppName).appendingPathComponent(originFolder)
                    .appendingPathComponent("session.json"),
                onlyWithoutOrigin: false),
            FilePlace(
                url: stateRoot.appendingPathComponent(appName).appendingPathComponent("session.json"),
                onlyWithoutOrigin: appName == formerAppName),
            FilePlace(
                url: stateRoot.appendingPathComponent(formerAppName).appendingPathComponent("session.json"),
                onlyWithoutOrigin: true),
        ]
        let here = current.standardizedFileURL.path(percentEncoded: false)
        return unique(places.filter { $0.url.standardizedFileURL.path(percentEncoded: false) != here }) {
            $0.url.standardizedFileURL.path(percentEncoded: false)
        }
    }

    /// The former store files as stores to move from.
    package static func formerFileLocations(
        of current: URL, stateRoot: URL, originFolder: String, appName: String, origin: String
    ) -> [FormerStoreLocation] {
        formerStoreFiles(of: current, stateRoot: stateRoot, originFolder: originFolder, appName: appName).map { place in
            FormerStoreLocation(
                FileTokenStorage(fileURL: place.url),
                takes: { session in
                    session.origin == nil || (!place.onlyWithoutOrigin && session.origin == origin)
                })
        }
    }

    /// The default Keychain store for `service`, which moves the session from the items earlier
    /// default stores used (``formerKeychainPlaces(of:origin:appName:hasBundleIdentifier:)``) at first
    /// use, searched in the store's own access group, once (recorded beside the store), and only in
    /// an app: an app extension never moves a session (Apple audit 2026-11-28, F6: a widget that ran
    /// first after an update took the app's session).
    ///
    /// - Parameter isAppExtension: whether this process is an app extension
    ///   (``AppBundle/isAppExtension``, an `.appex` main bundle, unless given).
    package static func keychainStore(
        service: String, useDataProtectionKeychain: Bool, origin: String, appName: String, hasBundleIdentifier: Bool,
        isAppExtension: Bool = AppBundle.isAppExtension, calls: KeychainCalls
    ) -> KeychainTokenStorage {
        let current = KeychainPlace(service: service, useDataProtectionKeychain: useDataProtectionKeychain)
        return KeychainTokenStorage(
            service: service, useDataProtectionKeychain: useDataProtectionKeychain, calls: calls,
            movingFrom: isAppExtension
                ? []
                : formerKeychainLocations(
                    of: current, origin: origin, appName: appName, hasBundleIdentifier: hasBundleIdentifier,
                    calls: calls))
    }

    /// The default file store at `file`, which moves the session from the files earlier default
    /// stores used (``formerStoreFiles(of:stateRoot:originFolder:appName:)``) at first use, once
    /// (recorded beside the store), and only in an app or a tool: an app extension never moves a
    /// session (Apple audit 2026-11-28, F6).
    ///
    /// - Parameter isAppExtension: whether this process is an app extension
    ///   (``AppBundle/isAppExtension`` unless given).
    package static func fileStore(
        at file: URL, stateRoot: URL, originFolder: String, appName: String, origin: String,
        isAppExtension: Bool = AppBundle.isAppExtension
    ) -> FileTokenStorage {
        FileTokenStorage(
            fileURL: file, onLockContention: nil,
            movingFrom: isAppExtension
                ? []
                : formerFileLocations(
                    of: file, stateRoot: stateRoot, originFolder: originFolder, appName: appName, origin: origin))
    }

    private static func unique<T: Hashable>(_ values: [T]) -> [T] {
        unique(values) { $0 }
    }

    private static func unique<T, Key: Hashable>(_ values: [T], by key: (T) -> Key) -> [T] {
        var seen = Set<Key>()
        return values.filter { seen.insert(key($0)).inserted }
    }
}
