public import Foundation

/// A Markdown table of the documentation, read the way a person reads it: a behaviour test takes its
/// cases from the rows, so a row added, renamed or removed in the document without the test (or the
/// reverse) fails the test.
public struct DocumentedTable: Sendable {
    /// One row: its cells, trimmed, in order. The first cell names the row.
    public struct Row: Sendable, Hashable {
        /// The cells, without the surrounding spaces and pipes.
        public let cells: [String]
        /// The first cell: the row's name.
        public var name: String { cells[0] }
    }

    /// The document, relative to the repository's root.
    public let document: String
    /// The rows below the header and its separator.
    public let rows: [Row]

    /// Reads the first table of `document` whose header row starts with `header`.
    ///
    /// - Parameters:
    ///   - document: a path relative to the repository's root, like `Docs/Session.md`.
    ///   - header: the header row's first cells, as written (`| stored | result |`).
    /// - Throws: when the file cannot be read or has no such table.
    public init(_ document: String, headerStartingWith header: String) throws {
        self.document = document
        let text = try String(contentsOf: DocumentedTable.repositoryRoot.appending(path: document), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else {
            throw DocumentedTableError(message: "\(document) has no table whose header starts with \(header)")
        }
        rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { Row(cells: DocumentedTable.cells(of: $0)) }
    }

    /// The row names, as a set.
    public var names: Set<String> { Set(rows.map(\.name)) }

    /// The row called `name`.
    ///
    /// - Throws: when the table has no such row.
    public func row(_ name: String) throws -> Row {
        guard let row = rows.first(where: { $0.name == name }) else {
            throw DocumentedTableError(message: "\(document) has no row '\(name)'")
        }
        return row
    }

    /// The cells of the row called `name`, which must have `count` of them.
    ///
    /// - Throws: when the table has no such row, or the row another number of cells.
    public func cells(of name: String, count: Int) throws -> [String] {
        let cells = try row(name).cells
        guard cells.count == count else {
            throw DocumentedTableError(message: "\(document)'s row '\(name)' has \(cells.count) cells, not \(count)")
        }
        return cells
    }

    /// The folder holding Package.swift, found from this file's place in the repository.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Splits a table line at the pipes that are not inside backquotes.
    private static func cells(of line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var inCode = false
        for character in line.dropFirst() {
            if character == "`" { inCode.toggle() }
            if character == "|" && !inCode {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty {
            cells.append(current.trimmingCharacters(in: .whitespaces))
        }
        return cells
    }
}

/// A documented table that is not where a test looks for it.
public struct DocumentedTableError: Error, CustomStringConvertible {
    /// What is missing.
    public let message: String
    /// The message.
    public var description: String { message }
}
