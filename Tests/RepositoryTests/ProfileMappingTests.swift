import Foundation
import Testing
import WoteDomain
import WoteRepository
import WoteWire

@Suite struct ProfileMappingTests {
    @Test func fullProfile_mapsEveryField() throws {
        let user = try Fixtures.profile.toDomain()
        #expect(
            user
                == User(
                    nickname: "투표왕", school: School(name: "서울고등학교", region: .seoul), consumerType: .flexer,
                    profileImageURL: URL(string: "https://cdn.wote.example/u/1.jpg"), canUpdateConsumerType: false))
    }

    @Test func missingOptionalFields_areNoImage_noConsumerType_andMayUpdate() throws {
        let body = #"""
            {"status":200,"message":"ok","data":{"nickname":"ab","school":{"schoolName":"부산고","schoolRegion":"부산"}}}
            """#
        let envelope = try EnvelopeDecoder.decode(ProfileDTO.self, from: Data(body.utf8), httpStatus: 200)
        let user = try envelope.requireData().toDomain()
        #expect(user.nickname == "ab")
        #expect(user.school == School(name: "부산고", region: .busan))
        #expect(user.consumerType == nil)
        #expect(user.profileImageURL == nil)
        #expect(user.canUpdateConsumerType == true)
    }

    @Test(arguments: SchoolRegion.allCases)
    func everyRegion_mapsFromItsKoreanName(region: SchoolRegion) throws {
        let school = try SchoolDTO(schoolName: "학교", schoolRegion: region.rawValue).toDomain()
        #expect(school.region == region)
    }

    @Test(arguments: ConsumerType.allCases)
    func everyConsumerType_mapsFromItsServerName(type: ConsumerType) throws {
        var dto = Fixtures.profile
        dto.consumerType = type.rawValue
        #expect(try dto.toDomain().consumerType == type)
    }

    @Test(arguments: ["Seoul", "seoul", "", "서울시", "평양"])
    func unknownRegion_isMalformed_namingTheField(region: String) {
        var dto = Fixtures.profile
        dto.school.schoolRegion = region
        #expect(
            throws: APIError.malformed(
                MalformedResponse(httpStatus: 201, problem: .wrongType(field: "data.school.schoolRegion")))
        ) { try dto.toDomain(httpStatus: 201) }
    }

    @Test(arguments: ["flexer", "SHOPAHOLIC", ""])
    func unknownConsumerType_isMalformed_namingTheField(type: String) {
        var dto = Fixtures.profile
        dto.consumerType = type
        #expect(
            throws: APIError.malformed(
                MalformedResponse(httpStatus: 200, problem: .wrongType(field: "data.consumerType")))
        ) { try dto.toDomain() }
    }

    @Test(arguments: ["", "not a url", "/images/1.jpg", "ftp://cdn.example/1.jpg", "https://", "javascript:alert(1)"])
    func unusableImageURL_isNoImage(text: String) throws {
        var dto = Fixtures.profile
        dto.profileImage = text
        #expect(try dto.toDomain().profileImageURL == nil)
    }

    @Test(arguments: ["https://cdn.example/a.jpg", "http://cdn.example:8080/u/1.jpg?v=2", "HTTPS://CDN.example/x"])
    func absoluteHttpImageURL_isKept(text: String) throws {
        var dto = Fixtures.profile
        dto.profileImage = text
        #expect(try dto.toDomain().profileImageURL?.absoluteString == text)
    }

    @Test func profileDraft_becomesTheProfileRequestPart() throws {
        let draft = ProfileDraft(
            nickname: try Nickname(validating: "투표왕"), school: School(name: "제주고", region: .jeju),
            imageJPEG: Data([0xFF, 0xD8]))
        #expect(
            ProfileRequestDTO(draft)
                == ProfileRequestDTO(nickname: "투표왕", school: SchoolDTO(schoolName: "제주고", schoolRegion: "제주")))
    }
}
