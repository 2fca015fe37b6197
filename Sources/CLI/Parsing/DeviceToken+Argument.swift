import WoteKit

extension DeviceToken {
    /// A device token written on the command line as hexadecimal digits.
    ///
    /// - Parameters:
    ///   - hex: the argument.
    ///   - name: how the usage error names the argument (`HEX`, `--device-token`).
    /// - Throws: a usage failure naming the argument when it is not an even number of hex digits.
    init(argument hex: String, named name: String) throws(CommandFailure) {
        do {
            try self.init(hex: hex)
        } catch {
            throw .usage("\(name): '\(hex)' is not a device token; expected an even number of hexadecimal digits")
        }
    }
}
