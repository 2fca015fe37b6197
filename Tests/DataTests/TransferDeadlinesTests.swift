import Foundation
import Testing
import WoteData

/// The URLSession transport's deadlines: one fires once, a cancelled one never, one due sooner
/// than the armed look still fires first, and a cancelled one lets go of what its action holds at
/// once (it held each transfer's task for the whole time limit once, 1.3 KB per request for 30 s).
@Suite(.timeLimit(.minutes(1))) struct TransferDeadlinesTests {
    /// A table whose every deadline reports its tag into one stream, in the order they fire.
    private struct Watcher {
        let deadlines = TransferDeadlines()
        private let fired: AsyncStream<Int>
        private let sink: AsyncStream<Int>.Continuation

        init() {
            (fired, sink) = AsyncStream<Int>.makeStream()
        }

        /// Schedules a deadline that reports `tag` when it fires.
        func schedule(after seconds: Double, reporting tag: Int) -> UInt64 {
            deadlines.schedule(after: seconds) { [sink] in sink.yield(tag) }
        }

        /// The tags of the first `count` deadlines to fire.
        func firstFired(_ count: Int) async -> [Int] {
            var tags: [Int] = []
            for await tag in fired.prefix(count) { tags.append(tag) }
            return tags
        }
    }

    /// What a deadline's action holds, watched through a weak reference.
    private final class Held: Sendable {}

    @Test func dueDeadline_runsItsAction_once() async {
        let watcher = Watcher()
        _ = watcher.schedule(after: 0.02, reporting: 1)
        _ = watcher.schedule(after: 0.08, reporting: 2)

        // The second one is due after the first look: that look arms the next.
        #expect(await watcher.firstFired(2) == [1, 2])
        #expect(watcher.deadlines.pending == 0)
    }

    @Test func cancelledDeadline_neverRuns() async {
        let watcher = Watcher()
        watcher.deadlines.cancel(watcher.schedule(after: 0.01, reporting: 0))
        // A later deadline fires after the cancelled one would have: only it arrives.
        _ = watcher.schedule(after: 0.06, reporting: 2)

        #expect(await watcher.firstFired(1) == [2])
        #expect(watcher.deadlines.pending == 0)
    }

    @Test func deadlineDueSoonerThanTheArmedLook_stillFiresFirst() async {
        let watcher = Watcher()
        let late = watcher.schedule(after: 3_600, reporting: 3_600)
        _ = watcher.schedule(after: 0.02, reporting: 20)

        #expect(await watcher.firstFired(1) == [20])
        #expect(watcher.deadlines.pending == 1)
        watcher.deadlines.cancel(late)
        #expect(watcher.deadlines.pending == 0)
    }

    @Test func cancelledDeadline_releasesWhatItsActionHolds_atOnce() {
        let deadlines = TransferDeadlines()
        weak var weakHeld: Held?
        let id: UInt64
        do {
            let held = Held()
            weakHeld = held
            id = deadlines.schedule(after: 3_600) { _ = held }
        }
        #expect(weakHeld != nil)

        deadlines.cancel(id)

        #expect(weakHeld == nil)
        #expect(deadlines.pending == 0)
    }
}
