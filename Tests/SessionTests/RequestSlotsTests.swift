import Testing
import WoteData

/// The slots that keep a slot's worth of authorized requests on the wire: waiters are served in
/// order, a cancelled waiter holds nothing, every slot comes back.
@Suite struct RequestSlotsTests {
    @Test func aFreeSlot_isTakenAtOnce_andComesBack() async {
        let slots = RequestSlots(limit: 2)
        #expect(await slots.acquire())
        #expect(await slots.acquire())
        #expect(slots.available == 0)
        slots.release()
        slots.release()
        #expect(slots.available == 2)
    }

    /// One slot, taken, and a task waiting for it.
    private func oneHeldSlotAndAWaiter() async -> (RequestSlots, Task<Bool, Never>) {
        let slots = RequestSlots(limit: 1)
        #expect(await slots.acquire())
        return (slots, Task { await slots.acquire() })
    }

    @Test func aWaiter_getsTheSlotReleased_andHoldsItUntilItReleases() async {
        let (slots, waiter) = await oneHeldSlotAndAWaiter()
        // The waiter cannot have the slot while it is held; releasing hands it over, not back.
        slots.release()
        #expect(await waiter.value)
        #expect(slots.available == 0)
        slots.release()
        #expect(slots.available == 1)
    }

    @Test func aCancelledWaiter_holdsNothing_andTheSlotStaysWithItsHolder() async {
        let (slots, waiter) = await oneHeldSlotAndAWaiter()
        waiter.cancel()
        #expect(await waiter.value == false)
        slots.release()
        #expect(slots.available == 1)
    }

    @Test func aZeroLimit_stillLetsOneRequestThrough() async {
        let slots = RequestSlots(limit: 0)
        #expect(await slots.acquire())
        #expect(slots.available == 0)
    }
}
