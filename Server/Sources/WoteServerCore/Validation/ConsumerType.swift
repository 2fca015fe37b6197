/// The consumer types §4.7 accepts.
enum ConsumerType: String, CaseIterable, Codable, Sendable {
    case ecoWarrior = "ECO_WARRIOR"
    case budgetKeeper = "BUDGET_KEEPER"
    case flexer = "FLEXER"
    case trendsetter = "TRENDSETTER"
    case beautyLover = "BEAUTY_LOVER"
    case impulseBuyer = "IMPULSE_BUYER"
    case adventurer = "ADVENTURER"
    case riskAverse = "RISK_AVERSE"
}
