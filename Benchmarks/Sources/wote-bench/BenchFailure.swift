/// A benchmark that could not run as planned (the server refused a hook, a sign-in failed); it
/// stops the run, since a figure measured on a broken setup would mislead.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
