/// `data` of `GET /api/profiles` (§4.6).
struct ProfileDTO: Encodable, Sendable {
    let nickname: String
    let profileImage: String?
    let consumerType: ConsumerType?
    let school: School
    let canUpdateConsumerType: Bool
}
