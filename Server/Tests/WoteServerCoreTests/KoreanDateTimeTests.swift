import Testing

@testable import WoteServerCore

@Suite struct KoreanDateTimeTests {
    /// 2023-11-27T12:14:03Z, 21:14:03 in Korea.
    static let second: Int64 = 1_701_087_243

    @Test(arguments: [
        (0, "2023-11-27T21:14:03"),
        (100_000_000, "2023-11-27T21:14:03.1"),
        (120_000_000, "2023-11-27T21:14:03.12"),
        (123_000_000, "2023-11-27T21:14:03.123"),
        (123_400_000, "2023-11-27T21:14:03.1234"),
        (123_450_000, "2023-11-27T21:14:03.12345"),
        (512_204_000, "2023-11-27T21:14:03.512204"),
        (123_456_700, "2023-11-27T21:14:03.1234567"),
        (123_456_780, "2023-11-27T21:14:03.12345678"),
        (123_456_789, "2023-11-27T21:14:03.123456789"),
        (1, "2023-11-27T21:14:03.000000001"),
        (80_000_000, "2023-11-27T21:14:03.08"),
    ])
    func fraction_hasZeroToNineDigits_withoutTrailingZeros(nanoseconds: Int, expected: String) {
        #expect(KoreanDateTime.string(epochSeconds: Self.second, nanoseconds: nanoseconds) == expected)
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01T09:00:00"),
        (-1, "1970-01-01T08:59:59.999"),
        (1_700_000_000_123, "2023-11-15T07:13:20.123"),
        (1_700_000_000_100, "2023-11-15T07:13:20.1"),
        // 2024-02-29T15:00:00Z is already March in Korea.
        (1_709_218_800_000, "2024-03-01T00:00:00"),
        // 2024-02-28T15:00:00Z is the leap day in Korea.
        (1_709_132_400_000, "2024-02-29T00:00:00"),
        // 2023-12-31T15:00:00Z: New Year in Korea.
        (1_704_034_800_000, "2024-01-01T00:00:00"),
    ])
    func milliseconds_areKoreanLocalTime_withoutOffset(epochMilliseconds: Int64, expected: String) {
        let text = KoreanDateTime.string(epochMilliseconds: epochMilliseconds)
        #expect(text == expected)
        #expect(!text.contains("+") && !text.hasSuffix("Z"))
    }
}
