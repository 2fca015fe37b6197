import Hummingbird

/// Nickname check (§4.4), profile setup (§4.5), my profile (§4.6) and consumer type (§4.7).
struct ProfileController {
    let state: WoteState

    func addRoutes(to router: Router<WoteRequestContext>) {
        router.post(RouterPath(APIPaths.nicknameCheck)) { request, context in
            try await checkNickname(request, context: context)
        }
        router.post(RouterPath(APIPaths.profiles)) { request, context in
            try await setUpProfile(request, context: context)
        }
        router.get(RouterPath(APIPaths.profiles)) { request, context in
            try await myProfile(request, context: context)
        }
        router.put(RouterPath(APIPaths.consumerType)) { request, context in
            try await setConsumerType(request, context: context)
        }
    }

    private func checkNickname(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let body = try await RequestBodyReader.json(NicknameRequestDTO.self, from: request, context: context)
        guard let nickname = NicknameRule.normalized(body.nickname) else {
            throw Self.invalidNickname
        }
        if await state.isNicknameTaken(nickname) {
            let envelope = Envelope(status: 409, message: "duplicate nickname", data: NicknameCheckDTO(isExist: true))
            return JSONResponse.envelope(envelope)
        }
        return JSONResponse.envelope(Envelope.success("unique nickname", data: NicknameCheckDTO(isExist: false)))
    }

    private func setUpProfile(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember(profileGate: false)
        let bytes = try await RequestBodyReader.bytes(of: request, context: context)
        let parts: [MultipartPart]
        do throws(MultipartError) {
            let boundary = try MultipartParser.boundary(contentType: request.headers[.contentType])
            parts = try MultipartParser.parse(bytes, boundary: boundary)
        } catch {
            switch error {
            case .missingBoundary:
                throw .handled(.badRequest, reason: "Content-Type must be multipart/form-data with a boundary")
            case .malformed(let why):
                throw .handled(.badRequest, reason: "malformed multipart body: \(why)")
            }
        }
        guard let requestPart = parts.first(where: { $0.name == "profileRequest" }) else {
            throw .handled(.bodyOrHeaderMissing, reason: "Required part 'profileRequest' is not present")
        }
        let profile = try RequestBodyReader.decode(ProfileRequestDTO.self, from: requestPart.body)
        guard let nickname = NicknameRule.normalized(profile.nickname) else { throw Self.invalidNickname }
        guard SchoolRegion(rawValue: profile.school.schoolRegion) != nil else {
            throw .handled(.validationFailed, reason: "schoolRegion must be one of \(SchoolRegion.allCases.map(\.rawValue).joined(separator: " "))")
        }
        let schoolName = profile.school.schoolName.trimmingWhitespace()
        guard (1...50).contains(schoolName.count) else {
            throw .handled(.validationFailed, reason: "schoolName must be 1 to 50 characters")
        }
        var image: [UInt8]?
        if let imagePart = parts.first(where: { $0.name == "imageFile" }), !imagePart.body.isEmpty {
            guard imagePart.contentType?.hasPrefix("image/") ?? true else {
                throw .handled(.invalidTypeValue, reason: "imageFile must be an image (image/jpeg)")
            }
            image = imagePart.body
        }
        try await state.setProfile(
            memberID: member.memberID,
            nickname: nickname,
            school: School(schoolName: schoolName, schoolRegion: profile.school.schoolRegion),
            image: image
        )
        return JSONResponse.envelope(Envelope.success("success"))
    }

    private func myProfile(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let authenticated = try context.requireMember()
        let member = try await state.member(authenticated.memberID)
        guard let profile = member.profile else { throw .filter(.signUpNotCompleted) }
        let data = ProfileDTO(
            nickname: profile.nickname,
            profileImage: profile.imageID.map { ImageController.url(imageID: $0, request: request) },
            consumerType: member.consumerType,
            school: profile.school,
            canUpdateConsumerType: true
        )
        return JSONResponse.envelope(Envelope.success(data: data))
    }

    private func setConsumerType(_ request: Request, context: WoteRequestContext) async throws(APIError) -> Response {
        let member = try context.requireMember()
        let body = try await RequestBodyReader.json(ConsumerTypeRequestDTO.self, from: request, context: context)
        guard let consumerType = ConsumerType(rawValue: body.consumerType) else {
            throw .handled(
                .invalidTypeValue,
                reason: "consumerType must be one of \(ConsumerType.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        try await state.setConsumerType(memberID: member.memberID, consumerType)
        return JSONResponse.envelope(Envelope.success())
    }

    private static let invalidNickname = APIError.handled(
        .validationFailed,
        reason: "nickname must be 2 to 10 letters or digits"
    )
}
