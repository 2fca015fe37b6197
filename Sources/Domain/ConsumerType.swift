/// The spending personality a member picks; the raw value is the server's name for it.
public enum ConsumerType: String, Sendable, CaseIterable, Hashable {
    case ecoWarrior = "ECO_WARRIOR"
    case budgetKeeper = "BUDGET_KEEPER"
    case flexer = "FLEXER"
    case trendsetter = "TRENDSETTER"
    case beautyLover = "BEAUTY_LOVER"
    case impulseBuyer = "IMPULSE_BUYER"
    case adventurer = "ADVENTURER"
    case riskAverse = "RISK_AVERSE"
}
