import Foundation

/// A closed set of values that a person can name in text: by the server's name for one (the raw
/// value) or by its Swift case name.
///
/// ```swift
/// ConsumerType(parsing: "eco-warrior")   // .ecoWarrior
/// SchoolRegion(parsing: "서울")          // .seoul
/// ```
public protocol NamedCase: RawRepresentable<String>, CaseIterable {}

extension NamedCase {
    /// Finds the value that `text` names: its raw value or its case name, ignoring case and
    /// surrounding spaces, with `-` read as `_` (`eco-warrior` for `ECO_WARRIOR`).
    ///
    /// - Parameter text: what a person typed.
    /// - Returns: the value, or `nil` when the text names none.
    public init?(parsing text: String) {
        let name = text.trimmingCharacters(in: .whitespaces)
        let rawName = name.uppercased().replacingOccurrences(of: "-", with: "_")
        let caseName = name.lowercased()
        let named = Self.allCases.first { value in
            value.rawValue.uppercased() == rawName || "\(value)".lowercased() == caseName
        }
        guard let named else { return nil }
        self = named
    }
}
