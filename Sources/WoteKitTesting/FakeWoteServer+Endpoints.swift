import Foundation
import WoteContract
import WoteData
import WoteDomain
import WoteRepository

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The contract's endpoints (§4), each answered from the server's state under its lock.
extension FakeWoteServer.State {
    typealias Reply = StubTransport.Reply

    private static func failure(_ http: Int, _ status: Int, _ code: DivisionCode, _ message: String) -> Reply {
        FakeWoteServer.failure(http, status, code, message)
    }

    private static func decode<Body: Decodable>(_ type: Body.Type, _ request: URLRequest) -> Body? {
        try? JSONDecoder().decode(type, from: request.httpBody ?? Data())
    }

    private static let badBody = failure(400, 400, .bodyOrHeaderMissing, "Http Message Not Readable")

    // MARK: Access tokens

    /// The member whose access token `request` carries, or the refusal Wote's filters answer
    /// (§4.10, §4.11): E004 for a token it never issued, E001 for a deleted member, E018 for a
    /// banned one, E006 for a replaced, logged-out, revoked or expired token, E009 outside
    /// `/api/profiles` while the profile is not completed.
    func authorize(_ request: URLRequest, at now: Date) -> Result<String, Refusal> {
        guard let header = request.value(forHTTPHeaderField: "Authorization"), header.hasPrefix("Bearer ") else {
            return .failure(Refusal(reply: Self.failure(404, 404, .headerMissing, "Header Missing")))
        }
        let token = String(header.dropFirst("Bearer ".count))
        guard let id = familyOfAccess[token], let family = families[id], let member = members[family.member] else {
            return .failure(Refusal(reply: Self.failure(401, 401, .invalidSignature, "Invalid JWT Signature")))
        }
        if member.deleted {
            return .failure(Refusal(reply: Self.failure(404, 404, .memberNotFound, "Member Not Found")))
        }
        if member.banned { return .failure(Refusal(reply: Self.failure(403, 403, .bannedMember, "Banned Member"))) }
        if family.current.accessToken != token || family.loggedOut.contains(token) || family.revoked
            || now >= family.accessExpiry
        {
            return .failure(Refusal(reply: Self.failure(401, 401, .expiredJWT, "Expired JWT")))
        }
        let path = request.url?.path ?? ""
        if member.profile == nil && !path.hasPrefix(WoteEndpoints.Path.profile) {
            return .failure(Refusal(reply: Self.notCompleted))
        }
        return .success(member.id)
    }

    private static let notCompleted = failure(400, 400, .signUpNotCompleted, "Not Completed SignUp Exception")

    // MARK: Sign-in (§4.1, §4.12, §4.13)

    mutating func socialLogin(_ request: URLRequest, at now: Date) -> Reply {
        var form = URLComponents()
        form.percentEncodedQuery = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
            .replacingOccurrences(of: "+", with: "%20")
        let items = form.queryItems ?? []
        guard let code = items.first(where: { $0.name == "code" })?.value,
            let provider = items.first(where: { $0.name == "state" })?.value
        else { return Self.badBody }
        if rejectedCodes.contains(code) {
            return Self.failure(401, 401, .socialCodeRejected, "The authorization code was rejected")
        }
        let id = socialRoutes["\(provider):\(code)"] ?? FakeWoteServer.defaultMember
        if members[id] == nil || members[id]?.deleted == true {
            // A withdrawn member who signs in again is a new member, who has no profile yet.
            members[id] = FakeWoteServer.Member(id: id, profile: nil)
        }
        return signIn(id, at: now)
    }

    mutating func passwordSignIn(_ request: URLRequest, at now: Date) -> Reply {
        guard let body = Self.decode(SignInRequestDTO.self, request) else { return Self.badBody }
        guard
            let member = members.values.first(where: {
                !$0.deleted && $0.loginId == body.loginId && $0.password == body.password
            })
        else { return Self.failure(401, 401, .wrongCredentials, "Wrong ID or password") }
        return signIn(member.id, at: now)
    }

    private mutating func signIn(_ id: String, at now: Date) -> Reply {
        guard let member = members[id] else { return Self.failure(404, 404, .memberNotFound, "Member Not Found") }
        if member.banned { return Self.failure(403, 403, .bannedMember, "Banned Member") }
        return startFamily(member: id, at: now).loginAnswer(profileCompleted: member.profile != nil)
    }

    mutating func signUp(_ request: URLRequest) -> Reply {
        guard let body = Self.decode(SignUpRequestDTO.self, request) else {
            let refused = SignUpResponseDTO(httpStatus: 400, status: 400, success: false, message: "Bad Request")
            return .json(400, String(decoding: encodeWire(refused), as: UTF8.self))
        }
        let taken = members.values.contains { !$0.deleted && $0.loginId == body.loginId }
        let answer =
            taken
            ? SignUpResponseDTO(httpStatus: 200, status: 200, success: false, message: "이미 사용 중인 아이디입니다.")
            : SignUpResponseDTO(httpStatus: 200, status: 200, success: true, message: "회원가입 성공")
        if !taken {
            members[body.loginId] = FakeWoteServer.Member(
                id: body.loginId, profile: nil, loginId: body.loginId, password: body.password)
        }
        return .json(200, String(decoding: encodeWire(answer), as: UTF8.self))
    }

    // MARK: Refresh (§4.2)

    mutating func refresh(_ request: URLRequest, at now: Date) -> Reply {
        // The server checks any Authorization header on every path, the refresh call's included.
        if request.value(forHTTPHeaderField: "Authorization") != nil,
            case .failure(let refusal) = authorize(
                request, at: now)
        {
            return refusal.reply
        }
        let invalid = Self.failure(200, 401, .invalidRefreshToken, "Invalid refresh token")
        guard let token = Self.decode([String: String].self, request)?["refreshToken"] else { return Self.badBody }
        guard let id = familyOfRefresh[token], let family = families[id], let member = members[family.member],
            !member.deleted
        else { return invalid }
        if member.banned { return Self.failure(403, 403, .bannedMember, "Banned Member") }
        if family.revoked { return invalid }
        if token == family.current.refreshToken {
            guard now < family.refreshExpiry else { return invalid }
            return rotate(id, at: now).refreshAnswer
        }
        let replacedAt = family.superseded[token] ?? .distantPast
        switch rotation {
        case .lax:
            return rotate(id, at: now).refreshAnswer
        case .grace(let window) where now.timeIntervalSince(replacedAt) <= window.timeInterval:
            return family.current.refreshAnswer
        case .strict, .grace:
            families[id]?.revoked = true
            return invalid
        }
    }

    // MARK: Logout and withdrawal (§4.3, §4.8)

    mutating func logout(_ request: URLRequest, at now: Date) -> Reply {
        switch authorize(request, at: now) {
        case .failure(let refusal):
            return refusal.reply
        case .success:
            let token = String((request.value(forHTTPHeaderField: "Authorization") ?? "").dropFirst("Bearer ".count))
            if let id = familyOfAccess[token] { families[id]?.loggedOut.insert(token) }
            logoutDeviceTokens.append(Self.decode(DeviceTokenRequestDTO.self, request)?.deviceToken ?? "")
            return FakeWoteServer.success("logout success.")
        }
    }

    mutating func withdraw(_ request: URLRequest, at now: Date) -> Reply {
        switch authorize(request, at: now) {
        case .failure(let refusal):
            return refusal.reply
        case .success(let member):
            deleteMember(member)
            return FakeWoteServer.success("success")
        }
    }

    // MARK: Profile (§4.4 – §4.7)

    func checkNickname(_ request: URLRequest) -> Reply {
        guard let body = Self.decode(NicknameRequestDTO.self, request) else { return Self.badBody }
        let taken = members.values.contains { !$0.deleted && $0.profile?.nickname == body.nickname }
        let envelope =
            taken
            ? WireEnvelope(status: 409, message: "duplicate nickname", data: NicknameCheckDTO(isExist: true))
            : WireEnvelope(status: 200, message: "unique nickname", data: NicknameCheckDTO(isExist: false))
        return .json(200, envelope.json)
    }

    func myProfile(_ request: URLRequest, at now: Date) -> Reply {
        switch authorize(request, at: now) {
        case .failure(let refusal):
            return refusal.reply
        case .success(let member):
            guard let profile = members[member]?.profile else { return Self.notCompleted }
            let dto = ProfileDTO(
                nickname: profile.nickname, profileImage: profile.profileImageURL?.absoluteString,
                consumerType: profile.consumerType?.rawValue,
                school: SchoolDTO(schoolName: profile.school.name, schoolRegion: profile.school.region.rawValue),
                canUpdateConsumerType: profile.canUpdateConsumerType)
            return .json(200, WireEnvelope(status: 200, message: "SUCCESS", data: dto).json)
        }
    }

    mutating func setUpProfile(_ request: URLRequest, at now: Date) -> Reply {
        switch authorize(request, at: now) {
        case .failure(let refusal):
            return refusal.reply
        case .success(let member):
            guard let part = Self.jsonPart(named: "profileRequest", of: request),
                let body = try? JSONDecoder().decode(ProfileRequestDTO.self, from: part),
                let region = SchoolRegion(rawValue: body.school.schoolRegion)
            else { return Self.failure(400, 400, .validationFailed, "Validation Failed") }
            if members.values.contains(where: {
                $0.id != member && !$0.deleted && $0.profile?.nickname == body.nickname
            }) {
                return Self.failure(409, 409, .nicknameInUse, "Nickname In Use")
            }
            members[member]?.profile = User(
                nickname: body.nickname, school: School(name: body.school.schoolName, region: region))
            return FakeWoteServer.success("success")
        }
    }

    mutating func setConsumerType(_ request: URLRequest, at now: Date) -> Reply {
        switch authorize(request, at: now) {
        case .failure(let refusal):
            return refusal.reply
        case .success(let member):
            guard members[member]?.profile != nil else { return Self.notCompleted }
            guard let body = Self.decode(ConsumerTypeRequestDTO.self, request),
                let type = ConsumerType(rawValue: body.consumerType)
            else { return Self.failure(400, 400, .invalidTypeValue, "Invalid Type Value") }
            members[member]?.profile?.consumerType = type
            return FakeWoteServer.success("success")
        }
    }

    /// The bytes of the multipart part `name`, between its blank line and the next boundary.
    private static func jsonPart(named name: String, of request: URLRequest) -> Data? {
        guard let body = request.httpBody,
            let start = body.range(of: Data("name=\"\(name)\"".utf8)),
            let headersEnd = body.range(of: Data("\r\n\r\n".utf8), in: start.upperBound..<body.endIndex),
            let end = body.range(of: Data("\r\n--".utf8), in: headersEnd.upperBound..<body.endIndex)
        else { return nil }
        return body.subdata(in: headersEnd.upperBound..<end.lowerBound)
    }
}
