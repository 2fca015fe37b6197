import Testing
import WoteData
import WoteLocked
import WoteTestSupport

/// `BackgroundExecution.task(begin:end:)`, the logic of `.application` (UIApplication's background
/// tasks): the expiration handler ends the task before it returns, and each task ends exactly once.
@Suite struct BackgroundTaskTests {
    /// A system with UIKit's task calls: begin records the expiration handler, end records the end.
    final class FakeTasks: Sendable {
        private struct State {
            var handlers: [Int: @Sendable () -> Void] = [:]
            var ended: [Int] = []
        }
        private let state = Locked(State())
        var ended: [Int] { state.current.ended }

        var execution: BackgroundExecution {
            .task(
                begin: { _, handler, began in
                    let identifier = self.state.withLock { state in
                        let identifier = state.handlers.count + 1
                        state.handlers[identifier] = handler
                        return identifier
                    }
                    began(identifier)
                    return true
                },
                end: { identifier in self.state.withLock { $0.ended.append(identifier) } })
        }

        /// Runs task `identifier`'s expiration handler, and returns what had ended when it returned.
        func expire(_ identifier: Int) -> [Int] {
            let handler = state.current.handlers[identifier]
            handler?()
            return ended
        }
    }

    @Test func anExpiryBeforeTheActivityIsEnded_endsTheTaskInsideTheHandler_once() async throws {
        let tasks = FakeTasks()
        let expired = Locked(false)
        // As when the expiry comes before the lock is taken: nobody has ended the activity yet.
        let activity = try #require(await tasks.execution.begin(name: "lock") { expired.withLock { $0 = true } })

        #expect(tasks.expire(1) == [1])
        #expect(expired.current)

        activity.end()
        #expect(tasks.ended == [1])
    }

    @Test func anActivityEndedFirst_isNotEndedAgainByALateExpiry() async throws {
        let tasks = FakeTasks()
        let activity = try #require(await tasks.execution.begin(name: "lock") {})
        activity.end()
        activity.end()
        #expect(tasks.ended == [1])
        #expect(tasks.expire(1) == [1])
    }

    @Test func anExpiryThatEndsTheActivityItself_endsTheTaskOnce() async throws {
        let tasks = FakeTasks()
        let box = Locked<BackgroundExecution.Activity?>(nil)
        let activity = try #require(await tasks.execution.begin(name: "lock") { box.current?.end() })
        box.withLock { $0 = activity }
        #expect(tasks.expire(1) == [1])
    }
}

/// Apple audit 2026-11-28, F7: an expiration handler that runs after the system returned the
/// task's identifier but before the task that asked resumes (UIKit's main thread is free once
/// `MainActor.run` returns) still ends the task before it returns.
@Suite struct BackgroundTaskExpiryWindowTests {
    @Test func f7_anExpiryRightAfterTheBegin_beforeTheCallerResumes_endsTheTaskInsideTheHandler() async throws {
        let ended = Locked<[Int]>([])
        let endedWhenTheHandlerReturned = Locked<[Int]?>(nil)
        let execution = BackgroundExecution.task(
            begin: { _, handler, began in
                began(1)  // the binding records the identifier where the system returned it
                // The main thread is free now: the system runs the expiration handler before the
                // caller's task resumes.
                handler()
                endedWhenTheHandlerReturned.withLock { $0 = ended.current }
                return true
            },
            end: { identifier in ended.withLock { $0.append(identifier) } })

        let activity = try #require(await execution.begin(name: "lock") {})

        #expect(endedWhenTheHandlerReturned.current == [1], "the handler returned with the task still open")
        activity.end()
        #expect(ended.current == [1])
    }
}
