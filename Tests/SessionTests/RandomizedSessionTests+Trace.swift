import Foundation
import Testing

/// Issue 45 item 7: code and model cannot drift. The randomized run records each step the engines take
/// in the model's vocabulary (``ModelTrace``), and every recorded trace is replayed against
/// `Model/session.pml` (`Model/trace.pml`, with `spin`): a step the model does not allow fails the test
/// with the seed and the first disallowed step.
///
/// Needs `spin` (`apt-get install -y spin`); runs when `WOTE_TRACE_CHECK` is set, as
/// `scripts/model-check.sh --traces` does (CI: the default budget of seeds; `WOTE_RANDOM_SEEDS` for more).
/// `WOTE_RANDOM_LOCK_FAILS=1` also makes lock waits fail now and then (issue 45's finding 1).
extension RandomizedSessionTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["WOTE_TRACE_CHECK"] != nil))
    @MainActor func seededRandomOperations_takeOnlyStepsTheModelAllows() async throws {
        let environment = ProcessInfo.processInfo.environment
        let budget = RandomBudget.fromEnvironment()
        let lockFailures = environment["WOTE_RANDOM_LOCK_FAILS"] != nil
        var traces: [(seed: UInt64, steps: [String])] = []
        var invariantFailures: [String] = []
        for seed in budget.seeds {
            let run = RandomSessionRun(seed: seed, steps: budget.steps, recording: true, lockFailures: lockFailures)
            if let failure = await run.run() {
                invariantFailures.append(failure.split(separator: "\n").first.map(String.init) ?? failure)
            }
            traces.append((seed, run.modelTrace?.recorded ?? []))
        }
        let steps = traces.reduce(0) { $0 + $1.steps.count }
        FileHandle.standardError.write(
            Data("trace validation: \(traces.count) seeds, \(steps) recorded steps\n".utf8))
        #expect(steps > traces.count)
        // The batch in one replay; when it fails, each seed alone, so every seed's first disallowed
        // step is named.
        var disallowed: [String] = []
        for trace in try ModelTraceCheck.check(traces) == nil ? [] : traces {
            if let failure = try ModelTraceCheck.check([trace]) { disallowed.append(failure) }
            if environment["WOTE_RANDOM_SURVEY"] == nil, !disallowed.isEmpty { break }
        }
        for failure in disallowed { FileHandle.standardError.write(Data((failure + "\n").utf8)) }
        #expect(disallowed.isEmpty, "\(disallowed.first ?? "")")
        for failure in invariantFailures { FileHandle.standardError.write(Data(("invariant: " + failure + "\n").utf8)) }
    }
}
