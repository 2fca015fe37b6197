/// An HTTP method. Open: any token the server understands can be sent.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method as it goes on the wire, upper case.
    public let rawValue: String

    /// A method by name; the name is upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// A method by name, as in `"PATCH"`; the name is upper-cased.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The method as it goes on the wire.
    public var description: String { rawValue }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")
}
