import Foundation
import Testing
import WoteDomain

@Suite struct DeviceTokenTests {
    @Test func hex_isAcceptedAndLowercased() throws {
        #expect(try DeviceToken(hex: "AB12cd").hex == "ab12cd")
    }

    @Test func bytes_becomeLowercaseHex() {
        #expect(DeviceToken(bytes: Data([0x00, 0xAB, 0x7F])).hex == "00ab7f")
    }

    @Test(arguments: ["", "abc", "zz", "ab cd", "ａｂ", "０１", "12\u{0301}3"])
    func nonHex_isAnInvalidArgument_beforeAnyRequest(_ text: String) {
        #expect(
            throws: WoteError.invalidArgument(
                name: "device token", reason: "must be an even number of hexadecimal digits")
        ) {
            try DeviceToken(hex: text)
        }
    }

    @Test func overlongToken_isRefused() throws {
        #expect(throws: WoteError.self) { try DeviceToken(hex: String(repeating: "a", count: 514)) }
        #expect(try DeviceToken(hex: String(repeating: "a", count: 512)).hex.count == 512)
    }
}
