import Testing
import WoteData
import WoteSession

/// The slots that keep a slot's worth of authorized requests on the wire, as the engine uses them:
/// waiters are served in order, a cancelled waiter holds nothing, every slot comes back. The
/// counting itself is `SessionStateMachine.Slots`'s, tested in `SessionStateMachineTests`.
@Suite(.timeLimit(.minutes(1))) struct RequestSlotsTests {
    /// Whether a slot is free now, asked as a cancelled request would: it gets a free slot at once
    /// (given back here), and holds nothing when it would have to wait.
    private func isASlotFree(_ slots: RequestSlots) async -> Bool {
        let probe = Task { await slots.take() == .granted }
        probe.cancel()
        guard await probe.value else { return false }
        slots.release()
        return true
    }

    @Test func aFreeSlot_isTakenAtOnce_andComesBack() async {
        let slots = RequestSlots(limit: 2)
        #expect(await slots.take() == .granted)
        #expect(await slots.take() == .granted)
        #expect(await isASlotFree(slots) == false)
        slots.release()
        slots.release()
        #expect(await slots.take() == .granted)
        #expect(await isASlotFree(slots))
    }

    /// One slot, taken, and a task waiting for it.
    private func oneHeldSlotAndAWaiter() async -> (RequestSlots, Task<Bool, Never>) {
        let slots = RequestSlots(limit: 1)
        #expect(await slots.take() == .granted)
        return (slots, Task { await slots.take() == .granted })
    }

    @Test func aWaiter_getsTheSlotReleased_andHoldsItUntilItReleases() async {
        let (slots, waiter) = await oneHeldSlotAndAWaiter()
        // The waiter cannot have the slot while it is held; releasing hands it over, not back.
        slots.release()
        #expect(await waiter.value)
        #expect(await isASlotFree(slots) == false)
        slots.release()
        #expect(await isASlotFree(slots))
    }

    @Test func aCancelledWaiter_holdsNothing_andTheSlotStaysWithItsHolder() async {
        let (slots, waiter) = await oneHeldSlotAndAWaiter()
        waiter.cancel()
        #expect(await waiter.value == false)
        #expect(await isASlotFree(slots) == false)
        slots.release()
        #expect(await isASlotFree(slots))
    }

    /// A request whose session ended before it asked for a slot is sent away, even with a slot free.
    @Test func aRequestOfAnEndedSession_isDismissed_evenWithASlotFree() async {
        let slots = RequestSlots(limit: 2)
        slots.dismissWaiting(issuedBefore: 2)
        #expect(await slots.take(generation: 1) == .dismissed)
        #expect(await slots.take(generation: 2) == .granted)
    }

    @Test func aZeroLimit_stillLetsOneRequestThrough() async {
        let slots = RequestSlots(limit: 0)
        #expect(await slots.take() == .granted)
        #expect(await isASlotFree(slots) == false)
    }
}
