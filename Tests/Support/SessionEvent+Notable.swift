public import WoteDomain

extension SessionEvent {
    /// Whether the event says something happened to the session: not a stream's opening state,
    /// nor a refresh's start or end, which tests about other changes pass over.
    public var isNotable: Bool {
        switch self {
        case .initialState, .refreshStarted, .refreshEnded: false
        default: true
        }
    }
}

extension AsyncStream<SessionEvent>.Iterator {
    /// The next event that ``SessionEvent/isNotable``, or `nil` when the stream ends first.
    public mutating func nextNotable() async -> SessionEvent? {
        while let event = await next() {
            if event.isNotable { return event }
        }
        return nil
    }
}
