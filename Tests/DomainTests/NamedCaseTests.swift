import Testing
import WoteDomain

/// One rule for reading a consumer type or a school region from what a person typed.
@Suite struct NamedCaseTests {
    @Test(arguments: [
        ("FLEXER", ConsumerType.flexer), ("flexer", .flexer), ("eco-warrior", .ecoWarrior),
        ("ecoWarrior", .ecoWarrior), (" RISK_AVERSE ", .riskAverse),
    ])
    func consumerType_isFound_byServerNameOrCaseName(text: String, expected: ConsumerType) {
        #expect(ConsumerType(parsing: text) == expected)
    }

    @Test(arguments: [("서울", SchoolRegion.seoul), ("seoul", .seoul), ("SEOUL", .seoul), (" 제주 ", .jeju)])
    func schoolRegion_isFound_byKoreanNameOrCaseName(text: String, expected: SchoolRegion) {
        #expect(SchoolRegion(parsing: text) == expected)
    }

    @Test(arguments: ["", "shopper", "eco warrior", "서울시"])
    func unknownName_findsNothing(text: String) {
        #expect(ConsumerType(parsing: text) == nil)
        #expect(SchoolRegion(parsing: text) == nil)
    }
}
