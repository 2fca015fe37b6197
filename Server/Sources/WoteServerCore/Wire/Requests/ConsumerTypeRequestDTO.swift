/// `PUT /api/profiles/consumerType` (§4.7); kept as text so an unknown value is G003, not G006.
struct ConsumerTypeRequestDTO: Decodable, Sendable {
    let consumerType: String
}
