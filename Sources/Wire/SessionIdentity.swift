/// One session, from its beginning to its end: what a withdrawal remembers of the session it was
/// asked for, so that its end never reaches a session that began while its call was on the wire.
package struct SessionIdentity: Sendable, Hashable {
    /// The engine's count of sessions begun and ended.
    package let generation: UInt64

    /// The session of `generation`.
    package init(generation: UInt64) {
        self.generation = generation
    }
}
