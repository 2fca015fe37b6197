import WoteDomain

/// §4.1 / §4.13: the login answer's `data`.
package struct LoginDataDTO: Codable, Sendable, Equatable {
    package var consumerTypeExist: Bool?
    package var jwtToken: TokenPairDTO?

    package init(consumerTypeExist: Bool? = nil, jwtToken: TokenPairDTO?) {
        self.consumerTypeExist = consumerTypeExist
        self.jwtToken = jwtToken
    }
}
