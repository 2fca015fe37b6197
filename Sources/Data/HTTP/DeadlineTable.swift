/// The deadlines a watcher keeps, by number, each with its action: the table behind
/// ``ExchangeDeadlines`` (Swift's clock) and the URLSession transport's deadlines (a dispatch
/// queue's), which differ only in their clock and in who wakes them.
struct DeadlineTable<Instant: Comparable> {
    private struct Entry {
        var due: Instant
        var action: @Sendable () -> Void
    }

    private var entries: [UInt64: Entry] = [:]

    /// Deadlines not yet taken or removed.
    var count: Int { entries.count }

    /// Adds the deadline `id`, due at `due`.
    mutating func add(_ id: UInt64, due: Instant, _ action: @escaping @Sendable () -> Void) {
        entries[id] = Entry(due: due, action: action)
    }

    /// Removes the deadline `id`; returns its action, for the caller to release outside its lock.
    mutating func remove(_ id: UInt64) -> (@Sendable () -> Void)? {
        entries.removeValue(forKey: id)?.action
    }

    /// Removes and returns the actions due at `now`, and the earliest due time left (`nil`: none).
    mutating func takeDue(at now: Instant) -> (due: [@Sendable () -> Void], earliest: Instant?) {
        var due: [@Sendable () -> Void] = []
        var earliest: Instant?
        for (id, entry) in entries {
            if entry.due <= now {
                due.append(entry.action)
                entries[id] = nil
            } else if earliest.map({ entry.due < $0 }) ?? true {
                earliest = entry.due
            }
        }
        return (due, earliest)
    }
}
