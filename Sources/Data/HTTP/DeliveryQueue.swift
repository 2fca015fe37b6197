import Foundation

/// The delegate queue of WoteKit's own `URLSession`: serial, so that a body's parts arrive in order.
///
/// On Linux (swift-corelibs-foundation) it also holds back the sender. There URLSession hands each
/// received part of a body (16 kB at most, decompressed) to the delegate queue as an operation of
/// its own, from inside libcurl's receive loop, and nothing waits for the delegate: a server that
/// sends faster than the delegate counts, or a small compressed body that expands, piles up
/// gigabytes of queued parts before the delegate sees the limit pass. Here `addOperation` waits
/// while ``capacity`` operations are queued, so at most that many parts are held at once.
///
/// An operation on this queue must never wait for URLSession itself (`URLSessionTask.cancel()`
/// does on Linux): URLSession may be waiting here for room. ``TaskHandle/cancelSoon()`` cancels from
/// another queue.
final class DeliveryQueue: OperationQueue, @unchecked Sendable {
    /// The most operations queued at once on Linux: 64 parts of a body, 1 MiB at most.
    static let capacity = 64

    #if canImport(FoundationNetworking)
    private let room = DispatchSemaphore(value: DeliveryQueue.capacity)
    #endif

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "WoteKit URLSession delegate"
    }

    #if canImport(FoundationNetworking)
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        room.wait()
        let room = room
        super.addOperation {
            block()
            room.signal()
        }
    }
    #endif
}
