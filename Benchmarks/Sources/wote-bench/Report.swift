import Foundation

/// The results of a run: a table per benchmark, then every figure with its goal, then one
/// `FIGURE name=value` line per figure for scripts.
struct Report {
    /// One benchmark's table.
    struct Section {
        var title: String
        var header: [String]
        var rows: [[String]] = []
        var notes: [String] = []
    }

    /// A goal a figure is held to.
    enum Goal {
        case atMost(Double)
        case atLeast(Double)
        case lessThan(Double)
        case exactly(Double)
        case approximately(Double, tolerance: Double)
        case informational

        var text: String {
            switch self {
            case .atMost(let limit): "≤ \(Report.format(limit))"
            case .atLeast(let limit): "≥ \(Report.format(limit))"
            case .lessThan(let limit): "< \(Report.format(limit))"
            case .exactly(let value): "= \(Report.format(value))"
            case .approximately(let value, let tolerance): "≈ \(Report.format(value)) (± \(Report.format(tolerance)))"
            case .informational: "—"
            }
        }

        func isMet(by value: Double) -> Bool? {
            switch self {
            case .atMost(let limit): value <= limit
            case .atLeast(let limit): value >= limit
            case .lessThan(let limit): value < limit
            case .exactly(let expected): value == expected
            case .approximately(let expected, let tolerance): abs(value - expected) <= tolerance
            case .informational: nil
            }
        }
    }

    /// One number a script reads.
    struct Figure {
        var name: String
        var value: Double
        var goal: Goal
        var meaning: String
    }

    private(set) var sections: [Section] = []
    private(set) var figures: [Figure] = []

    mutating func add(_ section: Section) {
        sections.append(section)
    }

    mutating func add(_ name: String, _ value: Double, goal: Goal, _ meaning: String) {
        figures.append(Figure(name: name, value: value, goal: goal, meaning: meaning))
    }

    /// Whether every figure with a goal meets it.
    var allGoalsMet: Bool {
        figures.allSatisfy { $0.goal.isMet(by: $0.value) ?? true }
    }

    /// The tables as Markdown, then the `FIGURE` lines.
    func rendered() -> String {
        var lines: [String] = []
        for section in sections {
            lines.append("### \(section.title)")
            lines.append("")
            lines.append(contentsOf: Self.table(header: section.header, rows: section.rows))
            if !section.notes.isEmpty {
                lines.append("")
                lines.append(contentsOf: section.notes)
            }
            lines.append("")
        }
        lines.append("### Figures")
        lines.append("")
        let rows = figures.map { figure -> [String] in
            let verdict = figure.goal.isMet(by: figure.value).map { $0 ? "met" : "MISSED" } ?? ""
            return [figure.meaning, "`\(figure.name)`", Self.format(figure.value), figure.goal.text, verdict]
        }
        lines.append(contentsOf: Self.table(header: ["figure", "name", "value", "goal", ""], rows: rows))
        lines.append("")
        for figure in figures {
            lines.append("FIGURE \(figure.name)=\(Self.format(figure.value))")
        }
        return lines.joined(separator: "\n")
    }

    /// A number with at most three decimals and no trailing zeros.
    static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func table(header: [String], rows: [[String]]) -> [String] {
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                cell + String(repeating: " ", count: max(widths[column] - cell.count, 0))
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        return [line(header), line(widths.map { String(repeating: "-", count: max($0, 3)) })] + rows.map(line)
    }
}
