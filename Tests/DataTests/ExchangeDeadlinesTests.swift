import Foundation
import Testing
import WoteData

/// The one watcher behind every exchange's deadline: a deadline fires once, a cancelled one never,
/// and a deadline due sooner than the watcher's next look still fires on time.
@Suite(.timeLimit(.minutes(1))) struct ExchangeDeadlinesTests {
    @Test func dueDeadline_runsItsAction_once() async {
        let deadlines = ExchangeDeadlines()
        let (fired, sink) = AsyncStream<Int>.makeStream()
        _ = deadlines.schedule(after: .milliseconds(20)) { sink.yield(1) }

        var iterator = fired.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        #expect(deadlines.pending == 0)
    }

    @Test func cancelledDeadline_neverRuns_andLeavesNothingBehind() async {
        let deadlines = ExchangeDeadlines()
        let (fired, sink) = AsyncStream<Int>.makeStream()
        let cancelled = deadlines.schedule(after: .milliseconds(10)) { sink.yield(0) }
        deadlines.cancel(cancelled)
        // A later deadline fires after the cancelled one would have: only it arrives.
        _ = deadlines.schedule(after: .milliseconds(60)) { sink.yield(2) }

        var iterator = fired.makeAsyncIterator()
        #expect(await iterator.next() == 2)
        #expect(deadlines.pending == 0)
    }

    @Test func deadlineDueSoonerThanTheWatchersNextLook_stillFiresFirst() async {
        let deadlines = ExchangeDeadlines()
        let (fired, sink) = AsyncStream<Int>.makeStream()
        let late = deadlines.schedule(after: .seconds(3_600)) { sink.yield(3_600) }
        _ = deadlines.schedule(after: .milliseconds(20)) { sink.yield(20) }

        var iterator = fired.makeAsyncIterator()
        #expect(await iterator.next() == 20)
        #expect(deadlines.pending == 1)
        deadlines.cancel(late)
        #expect(deadlines.pending == 0)
    }

    @Test(arguments: [("Content-Type", "content-type"), ("x-already-lower", "x-already-lower"), ("ETag", "etag")])
    func headerNames_areLowercasedAsASCII(name: String, expected: String) {
        #expect(name.asciiLowercased == expected)
        #expect(name.caseInsensitiveEquals(expected))
        #expect(!name.caseInsensitiveEquals(expected + "x"))
    }
}
