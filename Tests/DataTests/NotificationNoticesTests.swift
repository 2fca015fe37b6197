import Foundation
import Testing
import WoteData

/// The stream behind the Apple bindings' notices (protected data available, Sign in with Apple
/// revoked, the app become active), heard here through corelibs' `NotificationCenter`.
@Suite(.timeLimit(.minutes(1))) struct NotificationNoticesTests {
    @Test func stream_yieldsOnceForEachNotificationOfItsName_postedOnceItIsMade() async {
        let name = Notification.Name("NotificationNoticesTests.\(UUID().uuidString)")
        // The observer is in place once the stream is made: notices posted before it is read wait
        // in its buffer.
        let stream = NotificationNotices.stream(named: name)
        NotificationCenter.default.post(name: name, object: nil)
        NotificationCenter.default.post(name: name, object: nil)
        let reader = Task {
            var count = 0
            for await _ in stream {
                count += 1
                if count == 2 { break }
            }
            return count
        }
        #expect(await reader.value == 2)
    }
}
