package import WoteDomain

extension TokenStorage {
    /// How this store's changes reach the other processes (and engines) sharing it, or `nil` when
    /// it has no way: an app's own ``TokenStorage`` type is read again only when it is next used.
    ///
    /// - ``FileTokenStorage``: its folder watched with inotify on Linux; a Darwin notification
    ///   named after its path on Apple platforms.
    /// - ``KeychainTokenStorage``: a Darwin notification named after its service, account and access
    ///   group (Apple platforms only).
    /// - ``InMemoryTokenStorage``: the engines of this process sharing the instance.
    package var notices: (any StoreNotices)? { notices(on: .changes) }

    /// How a follower asks the leader sharing this store for a new pair ("refresh wanted", see
    /// ``SessionRole``), or `nil` when the store has no way (the follower then refreshes itself
    /// after its wait): a second notice beside ``notices``.
    ///
    /// - ``FileTokenStorage``: the file `<store file>.wanted` written in the store's folder on
    ///   Linux; a second Darwin notification, the store's name and `.wanted`, on Apple platforms.
    /// - ``KeychainTokenStorage``: the second Darwin notification (Apple platforms only).
    /// - ``InMemoryTokenStorage``: the engines of this process sharing the instance.
    package var wantedNotices: (any StoreNotices)? { notices(on: .refreshWanted) }

    /// The store's notices on `channel`: one Darwin name, inotify file or in-process channel per
    /// store and channel.
    private func notices(on channel: StoreNoticeChannel) -> (any StoreNotices)? {
        switch self {
        case let file as FileTokenStorage:
            // notify first: scripts/apple-typecheck.sh compiles this on Linux with a notify stand-in,
            // and then checks the Apple branch.
            #if canImport(notify)
            return DarwinStoreNotices(name: file.noticeName + channel.suffix)
            #elseif canImport(Glibc)
            return InotifyStoreNotices(
                directoryPath: file.directoryPath, fileName: file.fileName + channel.suffix,
                postsByWriting: channel == .refreshWanted)
            #else
            return nil
            #endif
        case let keychain as KeychainTokenStorage:
            #if canImport(notify)
            return DarwinStoreNotices(name: keychain.noticeName + channel.suffix)
            #else
            _ = keychain
            return nil
            #endif
        case let memory as InMemoryTokenStorage:
            return channel == .changes ? memory.inProcessNotices : memory.inProcessWantedNotices
        case let noticing as any StoreNoticing:
            return channel == .changes ? noticing.storeNotices : noticing.storeWantedNotices
        default:
            return nil
        }
    }
}

/// The two kinds of notice a store carries.
private enum StoreNoticeChannel {
    /// The store changed (a write or a removal): the store's own name or file.
    case changes
    /// A follower wants a new pair: the name or file with `.wanted` appended, written to post.
    case refreshWanted

    /// What is appended to the store's notice name or file name.
    var suffix: String { self == .changes ? "" : ".wanted" }
}

/// A store of the package's own (a test's) that says how its changes are heard.
package protocol StoreNoticing: TokenStorage {
    /// The store's notices.
    var storeNotices: any StoreNotices { get }
    /// The store's "refresh wanted" notices; `nil` (the default) when it has none.
    var storeWantedNotices: (any StoreNotices)? { get }
    /// Whether a leader is active on the store; `nil` (the default) when it cannot tell.
    var storeLeaderPresence: (any LeaderPresence)? { get }
}

extension StoreNoticing {
    /// No "refresh wanted" notices.
    package var storeWantedNotices: (any StoreNotices)? { nil }
    /// No leader presence: a follower asks and waits as if a leader were there.
    package var storeLeaderPresence: (any LeaderPresence)? { nil }
}

extension FileTokenStorage {
    /// The store's Darwin notification name (see ``StoreNoticeName``).
    package var noticeName: String { StoreNoticeName.make("file\u{0}" + path) }
}

extension KeychainTokenStorage {
    /// The store's Darwin notification name (see ``StoreNoticeName``).
    package var noticeName: String {
        StoreNoticeName.make("keychain\u{0}\(service)\u{0}\(account)\u{0}\(accessGroup ?? "")")
    }
}

/// The name of a store's Darwin notification (Apple audit 2026-11-28, F4):
/// `<app identifier>.wote.store.<SHA-256 of the store's identity, hex>`. Reverse-DNS under the app's
/// own identifier, as notify(3)'s namespace conventions ask of third parties (the namespace is
/// system-wide), and nothing spelled out: no path, service, origin or bundle identifier of the
/// store, only its hash. The app and its extensions share the prefix: an extension uses its
/// containing app's identifier (``AppBundle/appIdentifier``).
package enum StoreNoticeName {
    /// The notification name for the store identified by `identity`, in the app `appIdentifier`.
    package static func make(_ identity: String, appIdentifier: String = AppBundle.appIdentifier) -> String {
        var prefix = ""
        for scalar in appIdentifier.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", ".": prefix.unicodeScalars.append(scalar)
            default: prefix.append("-")
            }
        }
        while prefix.hasPrefix(".") { prefix.removeFirst() }
        while prefix.hasSuffix(".") { prefix.removeLast() }
        // Apple's own prefix is reserved (notify(3)), and `self.` names are process-local.
        if prefix.isEmpty || prefix.lowercased().hasPrefix("com.apple.") || prefix.lowercased().hasPrefix("self") {
            prefix = "wote"
        }
        return String(prefix.prefix(200)) + ".wote.store." + SHA256.hex(identity)
    }
}
