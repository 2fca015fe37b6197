/// Device tokens (§4.9) are non-empty hexadecimal strings of at most 512 characters.
enum DeviceTokenRule {
    static func isValid(_ token: String) -> Bool {
        !token.isEmpty && token.count <= 512 && token.allSatisfy(\.isHexDigit)
    }
}
