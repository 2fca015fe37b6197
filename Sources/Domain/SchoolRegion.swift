import Foundation

/// The seventeen regions a school can be in; the raw value is the Korean name the server expects.
public enum SchoolRegion: String, Sendable, CaseIterable, Hashable {
    case seoul = "서울"
    case busan = "부산"
    case daegu = "대구"
    case incheon = "인천"
    case gwangju = "광주"
    case daejeon = "대전"
    case ulsan = "울산"
    case sejong = "세종"
    case gyeonggi = "경기"
    case gangwon = "강원"
    case chungbuk = "충북"
    case chungnam = "충남"
    case jeonbuk = "전북"
    case jeonnam = "전남"
    case gyeongbuk = "경북"
    case gyeongnam = "경남"
    case jeju = "제주"

    /// Finds a region by its Korean name (`서울`) or its case name (`seoul`), ignoring case.
    ///
    /// - Parameter text: what a person typed.
    /// - Returns: the region, or `nil` when the text names none.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let region = SchoolRegion(rawValue: trimmed) {
            self = region
            return
        }
        guard let region = SchoolRegion.allCases.first(where: { "\($0)" == trimmed.lowercased() }) else {
            return nil
        }
        self = region
    }
}
