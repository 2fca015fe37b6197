import Foundation
package import WoteDomain
import WoteLocked

/// Whether a leader (the app, ``SessionRole``) is running and active on a store, published by the
/// leader and read by a follower (a widget, an extension) before it asks for a new pair (Apple
/// audit 2026-11-28, F5; Model/session.pml's follower scene).
///
/// A follower asks the leader only while one is active, and otherwise refreshes by itself at once:
/// a suspended app hears no notice and would leave the follower waiting its whole wait. A leader
/// that resigns active (or stops) withdraws its presence and posts a notice, so a follower that
/// waits mid-way stops waiting and refreshes by itself.
///
/// - Apple platforms: the state of the store's Darwin notification name (`notify_set_state`, 1
///   while a leader is active), cleared and posted when it resigns (``DarwinLeaderPresence``).
/// - Linux: a shared `flock` a leader holds on `<store>.leader` beside a ``FileTokenStorage``'s
///   file, which a follower tests without blocking (``FileLeaderPresence``).
/// - One process: a count of the active leaders sharing an ``InMemoryTokenStorage``.
package protocol LeaderPresence: Sendable {
    /// Publishes that a leader of this process is active, until the returned observation is
    /// cancelled (which withdraws it and tells the followers); `nil` when it cannot be published.
    func publish() -> StoreObservation?
    /// Whether a leader, of any process, is active now.
    func isLeaderActive() -> Bool
    /// Calls `handler` when a leader's presence may have changed; `nil` when it cannot be heard.
    func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation?
}

extension LeaderPresence {
    /// Publishes the presence while `activity` says the app is active: at once when it is, withdrawn
    /// when it resigns, published again when it is active again; everything stops when the returned
    /// observation is cancelled.
    package func publishWhileActive(_ activity: AppActivity) -> StoreObservation {
        let publisher = LeaderPublisher(presence: self)
        publisher.set(active: activity.isActiveAtStart)
        let watching = activity.observe { active in publisher.set(active: active) }
        return StoreObservation {
            watching?.cancel()
            publisher.set(active: false)
        }
    }
}

/// The current publication of a leader whose app becomes active and resigns.
private final class LeaderPublisher: Sendable {
    let presence: any LeaderPresence
    let publication = Locked<StoreObservation?>(nil)

    init(presence: any LeaderPresence) {
        self.presence = presence
    }

    func set(active: Bool) {
        let withdrawn: StoreObservation? = publication.withLock { current in
            if active {
                if current == nil { current = presence.publish() }
                return nil
            }
            defer { current = nil }
            return current
        }
        withdrawn?.cancel()
    }
}

/// Whether the app is active (in the foreground, taking events) as the platform tells it; a leader
/// publishes its presence only meanwhile (see ``LeaderPresence``).
package struct AppActivity: Sendable {
    /// Whether the app counts as active when the leader starts.
    package let isActiveAtStart: Bool
    /// Starts calling the handler with each change (`true`: became active); `nil` when the
    /// platform tells none.
    package let observe: @Sendable (@escaping @Sendable (Bool) -> Void) -> StoreObservation?

    /// Activity as `observe` tells it, starting at `isActiveAtStart`.
    package init(
        isActiveAtStart: Bool,
        observe: @escaping @Sendable (@escaping @Sendable (Bool) -> Void) -> StoreObservation?
    ) {
        self.isActiveAtStart = isActiveAtStart
        self.observe = observe
    }

    /// Always active: a process without an app life cycle (a tool, a server, Linux).
    package static let always = AppActivity(isActiveAtStart: true, observe: { _ in nil })

    /// The platform's: UIKit's "did become active" and "will resign active" notices
    /// where they exist (see `AppActivity+Platform.swift`), ``always`` elsewhere. The leader counts
    /// as active at its start: a leader is made by the app as it runs.
    package static var system: AppActivity {
        #if canImport(UIKit)
        .platform
        #else
        .always
        #endif
    }
}

/// The active leaders of one process sharing one store (an ``InMemoryTokenStorage`` shared by
/// several engines, as tests and one-process setups have).
package final class InProcessLeaderPresence: LeaderPresence {
    private let active = Locked(0)
    private let notices = InProcessStoreNotices()

    /// No leader active.
    package init() {}

    package func publish() -> StoreObservation? {
        active.withLock { $0 += 1 }
        notices.post()
        return StoreObservation { [active, notices] in
            active.withLock { $0 -= 1 }
            notices.post()
        }
    }

    package func isLeaderActive() -> Bool { active.current > 0 }

    package func observe(_ handler: @escaping @Sendable () -> Void) -> StoreObservation? {
        notices.observe(handler)
    }
}

extension TokenStorage {
    /// Where this store's leader publishes that it is active (see ``LeaderPresence``), or `nil`
    /// when the store has no way: a follower then asks and waits as if a leader were there.
    package var leaderPresence: (any LeaderPresence)? {
        switch self {
        case let file as FileTokenStorage:
            #if canImport(notify)
            return DarwinLeaderPresence(name: file.noticeName)
            #elseif canImport(Glibc)
            return FileLeaderPresence(directoryPath: file.directoryPath, fileName: file.fileName + ".leader")
            #else
            return nil
            #endif
        case let keychain as KeychainTokenStorage:
            #if canImport(notify)
            return DarwinLeaderPresence(name: keychain.noticeName)
            #else
            _ = keychain
            return nil
            #endif
        case let memory as InMemoryTokenStorage:
            return memory.inProcessLeaderPresence
        case let noticing as any StoreNoticing:
            return noticing.storeLeaderPresence
        default:
            return nil
        }
    }
}
