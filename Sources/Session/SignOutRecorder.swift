import Foundation
import WoteData
import WoteDomain
import WoteLocked

/// Keeps the last session transitions and writes a ``SignOutRecord`` beside the store each time
/// the session ends. It sees every event the broadcaster sends (``note(_:)``) and each end at the
/// one place ends are announced (`SessionEngine.endInMemory`); an unreadable store at launch is
/// seen in its `restored` event. Writing is best effort: a record that cannot be kept changes
/// nothing else.
final class SignOutRecorder: Sendable {
    private let store: any SignOutRecordStore
    private let now: @Sendable () -> Date
    private let endingCode: @Sendable (SignOutReason) -> String?
    private let transitions = Locked<[SessionTransition]>([])

    /// A recorder writing to `store`, timing with `now`, naming the backend's code of a verdict
    /// with `endingCode` (``SessionContract/endingCode``).
    init(
        store: any SignOutRecordStore, now: @escaping @Sendable () -> Date,
        endingCode: @escaping @Sendable (SignOutReason) -> String?
    ) {
        self.store = store
        self.now = now
        self.endingCode = endingCode
    }

    /// The record kept beside the store, if any.
    var lastRecord: SignOutRecord? { store.loadRecord() }

    /// Adds `event` to the ring of transitions (its redacted name only), unless it is a profile
    /// fetched, which is no transition. A restore that found the stored session unreadable ends it:
    /// that is recorded here, since no session was ever in memory.
    func note(_ event: SessionEvent) {
        // A profile fetched is no transition: as many as the app makes would push the session's
        // own transitions out of the ring.
        if case .profileFetched = event { return }
        let transition = SessionTransition(event: event.diagnosticName, date: now())
        transitions.withLock { ring in
            ring.append(transition)
            if ring.count > SignOutRecord.transitionLimit {
                ring.removeFirst(ring.count - SignOutRecord.transitionLimit)
            }
        }
        if case .restored(.signedOut(.storedSessionCorrupted(let why))) = event {
            record(.storedSessionCorrupted(LogRedaction.redacting(why)), call: .restore)
        }
    }

    /// Writes the record of an end for `reason` through `call`, with the transitions so far, naming
    /// the session that ended (`endedSessionID`) so that the store's copy of it, should its removal
    /// fail, is removed by whoever finds it next. An end that only follows another (`endedElsewhere`)
    /// leaves the record of the end it followed as it is: the record names who decided.
    func record(_ reason: SignOutReason, call: SignOutCall, endedSessionID: String? = nil) {
        if !SignOutRecorder.replaces(store.loadRecord(), with: reason, endedSessionID: endedSessionID) { return }
        var record = SignOutRecord(
            date: now(), reason: reason, divisionCode: divisionCode(of: reason, call: call), call: call,
            transitions: transitions.current)
        record.endedSessionID = endedSessionID
        try? store.saveRecord(record)
    }

    /// Whether the record of an end for `reason` of the session `endedSessionID` replaces
    /// `existing`: always, except that an end which only follows another process's end of the same
    /// session (``SignOutReason/endedElsewhere``) never overwrites the record of the end it followed.
    static func replaces(_ existing: SignOutRecord?, with reason: SignOutReason, endedSessionID: String?) -> Bool {
        guard reason == .endedElsewhere, let endedSessionID, let existing else { return true }
        return existing.endedSessionID != endedSessionID
    }

    /// The session a record beside the store says has ended, if any: a store that still holds it
    /// owes its removal.
    var recordedEnd: String? { store.loadRecord()?.endedSessionID }

    /// The backend's code of the server's verdict that means `reason`, when `call` read one.
    func divisionCode(of reason: SignOutReason, call: SignOutCall) -> String? {
        guard call == .refresh || call == .requestAnswer else { return nil }
        return endingCode(reason)
    }
}

extension SignOutCall {
    /// Which call ends the session, from what the funnel of every end knows: the reason, and
    /// whether the refresh under way is cancelled. A server verdict that does not cancel the refresh
    /// is the refresh's own answer; one that does is a request's answer.
    static func ending(_ reason: SignOutReason, cancellingRefresh: Bool) -> SignOutCall {
        switch reason {
        case .loggedOut, .noSession: .logout
        case .withdrawn: .withdrawal
        case .endedElsewhere: .anotherProcess
        case .appleCredentialRevoked: .appleCredentialCheck
        case .storedSessionCorrupted: .restore
        case .sessionExpired, .refreshAnswerLost, .banned, .memberGone, .signedOutEverywhere, .providerUnlinked:
            cancellingRefresh ? .requestAnswer : .refresh
        }
    }
}
