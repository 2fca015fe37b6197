import Testing

/// Every end-to-end suite runs inside this one, one test at a time: they share one server, whose
/// counters, faults, settings and clock are global.
@Suite(.serialized, .enabled(if: ReferenceServer.isRunning, ReferenceServer.howToRun))
struct EndToEnd {}
