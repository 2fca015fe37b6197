/// Yields until `condition` holds (a state the actor reaches without any outside event, such as a
/// request registering as a waiter), at most `limit` times.
///
/// - Returns: whether the condition held.
func yieldUntil(limit: Int = 100_000, _ condition: () async -> Bool) async -> Bool {
    for _ in 0..<limit {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}
