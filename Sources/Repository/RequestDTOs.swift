/// §4.4: the nickname check body.
package struct NicknameRequestDTO: Codable, Sendable, Equatable {
    package var nickname: String
    package init(nickname: String) { self.nickname = nickname }
}

/// §4.4: the nickname check answer's `data`.
package struct NicknameCheckDTO: Codable, Sendable, Equatable {
    package var isExist: Bool
    package init(isExist: Bool) { self.isExist = isExist }
}

/// §4.7: the consumer type body.
package struct ConsumerTypeRequestDTO: Codable, Sendable, Equatable {
    package var consumerType: String
    package init(consumerType: String) { self.consumerType = consumerType }
}

/// §4.9: the body carrying a device token. (Logout, §4.3, builds its body from ``LogoutCall``.)
package struct DeviceTokenRequestDTO: Codable, Sendable, Equatable {
    package var deviceToken: String
    package init(deviceToken: String) { self.deviceToken = deviceToken }
}

/// §4.8 `[ext]`: the withdrawal body carrying a fresh Sign in with Apple authorization code.
package struct WithdrawalRequestDTO: Codable, Sendable, Equatable {
    package var appleAuthorizationCode: String
    package init(appleAuthorizationCode: String) { self.appleAuthorizationCode = appleAuthorizationCode }
}

/// §4.12: the sign-up body.
package struct SignUpRequestDTO: Codable, Sendable, Equatable {
    package var loginId: String
    package var password: String
    package var name: String
    package var email: String
    package var phone: String

    package init(loginId: String, password: String, name: String, email: String, phone: String) {
        self.loginId = loginId
        self.password = password
        self.name = name
        self.email = email
        self.phone = phone
    }
}

/// §4.12: the older envelope the sign-up endpoint answers with.
package struct SignUpResponseDTO: Codable, Sendable, Equatable {
    package var httpStatus: Int = 0
    package var status: Int
    package var success: Bool
    package var message: String

    private enum CodingKeys: String, CodingKey { case status, success, message }

    package init(httpStatus: Int, status: Int, success: Bool, message: String) {
        self.httpStatus = httpStatus
        self.status = status
        self.success = success
        self.message = message
    }
}

/// §4.13: the ID/password sign-in body.
package struct SignInRequestDTO: Codable, Sendable, Equatable {
    package var loginId: String
    package var password: String
    package init(loginId: String, password: String) {
        self.loginId = loginId
        self.password = password
    }
}

extension SignUpRequestDTO: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The fields with the password redacted.
    package var description: String {
        "SignUpRequestDTO(loginId: \(loginId), password: <redacted>, name: \(name), email: \(email), phone: \(phone))"
    }

    /// The same redacted text as ``description``.
    package var debugDescription: String { description }

    /// A mirror without the password.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "loginId": loginId, "password": "<redacted>", "name": name, "email": email, "phone": phone,
            ], displayStyle: .struct)
    }
}

extension SignInRequestDTO: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The ID with the password redacted.
    package var description: String { "SignInRequestDTO(loginId: \(loginId), password: <redacted>)" }

    /// The same redacted text as ``description``.
    package var debugDescription: String { description }

    /// A mirror without the password.
    package var customMirror: Mirror {
        Mirror(self, children: ["loginId": loginId, "password": "<redacted>"], displayStyle: .struct)
    }
}
