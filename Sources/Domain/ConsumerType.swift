/// The spending personality a member picks; the raw value is the server's name for it.
public enum ConsumerType: String, Sendable, CaseIterable, Hashable, NamedCase {
    /// Buys with the planet in mind.
    case ecoWarrior = "ECO_WARRIOR"
    /// Sticks to a budget.
    case budgetKeeper = "BUDGET_KEEPER"
    /// Likes to show what they bought.
    case flexer = "FLEXER"
    /// Buys what is new first.
    case trendsetter = "TRENDSETTER"
    /// Spends on beauty and care.
    case beautyLover = "BEAUTY_LOVER"
    /// Buys on the spur of the moment.
    case impulseBuyer = "IMPULSE_BUYER"
    /// Spends on experiences and new things to try.
    case adventurer = "ADVENTURER"
    /// Avoids purchases that might disappoint.
    case riskAverse = "RISK_AVERSE"
}
