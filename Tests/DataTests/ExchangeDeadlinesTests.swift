import Foundation
import Testing
import WoteData

/// The one watcher behind every exchange's deadline: a deadline fires once, a cancelled one never,
/// and a deadline due sooner than the watcher's next look still fires on time.
@Suite(.timeLimit(.minutes(1))) struct ExchangeDeadlinesTests {
    /// A watcher whose every deadline reports its tag into one stream, in the order they fire.
    private struct Watcher {
        let deadlines = ExchangeDeadlines()
        private let fired: AsyncStream<Int>
        private let sink: AsyncStream<Int>.Continuation

        init() {
            (fired, sink) = AsyncStream<Int>.makeStream()
        }

        /// Schedules a deadline that reports `tag` when it fires.
        func schedule(after limit: Duration, reporting tag: Int) -> UInt64 {
            deadlines.schedule(after: limit) { [sink] in sink.yield(tag) }
        }

        /// The tag of the first deadline to fire.
        func firstFired() async -> Int? {
            var iterator = fired.makeAsyncIterator()
            return await iterator.next()
        }
    }

    @Test func dueDeadline_runsItsAction_once() async {
        let watcher = Watcher()
        _ = watcher.schedule(after: .milliseconds(20), reporting: 1)

        #expect(await watcher.firstFired() == 1)
        #expect(watcher.deadlines.pending == 0)
    }

    @Test func cancelledDeadline_neverRuns_andLeavesNothingBehind() async {
        let watcher = Watcher()
        watcher.deadlines.cancel(watcher.schedule(after: .milliseconds(10), reporting: 0))
        // A later deadline fires after the cancelled one would have: only it arrives.
        _ = watcher.schedule(after: .milliseconds(60), reporting: 2)

        #expect(await watcher.firstFired() == 2)
        #expect(watcher.deadlines.pending == 0)
    }

    @Test func deadlineDueSoonerThanTheWatchersNextLook_stillFiresFirst() async {
        let watcher = Watcher()
        let late = watcher.schedule(after: .seconds(3_600), reporting: 3_600)
        _ = watcher.schedule(after: .milliseconds(20), reporting: 20)

        #expect(await watcher.firstFired() == 20)
        #expect(watcher.deadlines.pending == 1)
        watcher.deadlines.cancel(late)
        #expect(watcher.deadlines.pending == 0)
    }

    @Test(arguments: [("Content-Type", "content-type"), ("x-already-lower", "x-already-lower"), ("ETag", "etag")])
    func headerNames_areLowercasedAsASCII(name: String, expected: String) {
        #expect(name.asciiLowercased == expected)
        #expect(name.caseInsensitiveEquals(expected))
        #expect(!name.caseInsensitiveEquals(expected + "x"))
    }
}
