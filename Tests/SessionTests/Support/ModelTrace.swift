import Foundation
import WoteKit
import WoteLocked

/// Issue 45 item 7: the steps two engines on one store take in a randomized run, recorded in the
/// model's vocabulary (`Model/trace-steps.tsv`: the store's reads and writes, the lock's outcomes,
/// the refresh calls, each client's sessions), to be replayed against `Model/session.pml` by
/// `Model/trace.pml` (``ModelTraceCheck``).
final class ModelTrace: Sendable {
    private let steps = Locked<[String]>([])

    /// Appends one step, `name` and its numbers (`"save 0 3"`).
    func record(_ step: String) {
        steps.withLock { $0.append(step) }
    }

    /// Every step so far, in order.
    var recorded: [String] { steps.current }

    /// The model's number for a client: the index, or the last slot for a task no client is named on.
    static func client(_ index: Int?) -> Int { index ?? 2 }

    /// The model's reason for an end (`WHY_VERDICT` 1, `WHY_EXPLICIT` 2, `WHY_ELSEWHERE` 3): the state a
    /// client shows after it, or a sign-in over it (`nil`, explicit).
    static func why(_ state: AuthenticationState?) -> Int {
        guard case .signedOut(let reason)? = state else { return 2 }
        switch reason {
        case .loggedOut, .withdrawn: return 2
        case .endedElsewhere: return 3
        default: return 1
        }
    }

    /// The model's number for a session (a family of the fake server): 0 is no session.
    static func session(_ family: Int?) -> Int { family.map { $0 + 1 } ?? 0 }
}

/// Replays recorded traces against the model with `spin` (one interpretation of one generated file for
/// a batch of seeds) and names the first step the model does not allow.
enum ModelTraceCheck {
    /// The repository's `Model` folder.
    static let modelFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Model")

    /// The vocabulary: each step's name, with its number of arguments and its macro in `trace.pml`.
    static func vocabulary() throws -> [String: (arity: Int, macro: String)] {
        let table = try String(contentsOf: modelFolder.appendingPathComponent("trace-steps.tsv"), encoding: .utf8)
        var steps: [String: (arity: Int, macro: String)] = [:]
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 3, let arity = Int(columns[1]) else { continue }
            steps[String(columns[0])] = (arity, String(columns[2]))
        }
        return steps
    }

    /// The Promela calls of `traces`, one seed after another.
    static func promela(_ traces: [(seed: UInt64, steps: [String])]) throws -> String {
        let vocabulary = try vocabulary()
        var lines: [String] = []
        for trace in traces {
            lines.append("T_seed(\(trace.seed));")
            for step in trace.steps where !step.hasPrefix("#") {
                let words = step.split(separator: " ").map(String.init)
                guard let name = words.first, let entry = vocabulary[name], words.count == entry.arity + 1 else {
                    let rule = "not in the vocabulary: \(step)"
                    lines.append("printf(\"DISALLOWED seed %d step %d: \(rule)\\n\", tseed, tstep + 1); assert(false);")
                    continue
                }
                lines.append("\(entry.macro)(\(words.dropFirst().joined(separator: ", ")));")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Checks `traces`: `nil` when the model allows every step, else the seed, the first disallowed
    /// step (its number and text) and the model's rule.
    static func check(_ traces: [(seed: UInt64, steps: [String])]) throws -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wote-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // WOTE_TRACE_KEEP=1 keeps the generated files (the folder is printed).
        let keep = ProcessInfo.processInfo.environment["WOTE_TRACE_KEEP"] != nil
        if keep { FileHandle.standardError.write(Data("trace files: \(folder.path)\n".utf8)) }
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        for file in ["session.pml", "trace.pml"] {
            try FileManager.default.copyItem(
                at: modelFolder.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        try promela(traces).write(to: folder.appendingPathComponent("trace-steps.h"), atomically: true, encoding: .utf8)
        let spin = Process()
        spin.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // WOTE_TRACE_MODEL=today: only the rules today's engine and model share (Model/trace.pml).
        let today = ProcessInfo.processInfo.environment["WOTE_TRACE_MODEL"] == "today"
        spin.arguments = ["spin", "-DNP=3"] + (today ? ["-DTODAY45"] : []) + ["trace.pml"]
        spin.currentDirectoryURL = folder
        let output = Pipe()
        spin.standardOutput = output
        spin.standardError = output
        try spin.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        spin.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if text.contains("TRACE OK") { return nil }
        guard let line = text.split(separator: "\n").first(where: { $0.contains("DISALLOWED") }) else {
            return "spin did not check the traces:\n" + text.split(separator: "\n").prefix(20).joined(separator: "\n")
        }
        // "DISALLOWED seed S step N: rule": name the step's text too.
        let words = line.split(separator: " ")
        if let seedIndex = words.firstIndex(of: "seed"), seedIndex + 3 < words.count,
            let seed = UInt64(words[seedIndex + 1]), let number = Int(words[seedIndex + 3].dropLast()),
            let trace = traces.first(where: { $0.seed == seed })
        {
            // The step's text, with the steps and the run's own notes (`# ...`) before it.
            var shown: [String] = []
            var counted = 0
            for step in trace.steps {
                if step.hasPrefix("#") {
                    shown.append("      \(step)")
                } else {
                    counted += 1
                    shown.append("  \(counted): \(step)")
                }
                if counted == number { break }
            }
            return line.trimmingCharacters(in: .whitespaces) + " (`\(shown.last ?? "")`)\n"
                + shown.suffix(14).joined(separator: "\n")
        }
        return line.trimmingCharacters(in: .whitespaces)
    }
}
