/// A school and the region it is in, as entered during profile setup.
public struct School: Sendable, Equatable, Hashable {
    /// The school's name, as the member typed it.
    public var name: String
    /// The region the school is in.
    public var region: SchoolRegion

    /// Creates a school value.
    public init(name: String, region: SchoolRegion) {
        self.name = name
        self.region = region
    }
}
