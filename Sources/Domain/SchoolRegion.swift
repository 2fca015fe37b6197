/// The seventeen regions a school can be in; the raw value is the Korean name the server expects.
/// ``NamedCase/init(parsing:)`` finds one by that name (`서울`) or its case name (`seoul`).
public enum SchoolRegion: String, Sendable, CaseIterable, Hashable, NamedCase {
    /// Seoul ("서울").
    case seoul = "서울"
    /// Busan ("부산").
    case busan = "부산"
    /// Daegu ("대구").
    case daegu = "대구"
    /// Incheon ("인천").
    case incheon = "인천"
    /// Gwangju ("광주").
    case gwangju = "광주"
    /// Daejeon ("대전").
    case daejeon = "대전"
    /// Ulsan ("울산").
    case ulsan = "울산"
    /// Sejong ("세종").
    case sejong = "세종"
    /// Gyeonggi Province ("경기").
    case gyeonggi = "경기"
    /// Gangwon Province ("강원").
    case gangwon = "강원"
    /// North Chungcheong Province ("충북").
    case chungbuk = "충북"
    /// South Chungcheong Province ("충남").
    case chungnam = "충남"
    /// North Jeolla Province ("전북").
    case jeonbuk = "전북"
    /// South Jeolla Province ("전남").
    case jeonnam = "전남"
    /// North Gyeongsang Province ("경북").
    case gyeongbuk = "경북"
    /// South Gyeongsang Province ("경남").
    case gyeongnam = "경남"
    /// Jeju ("제주").
    case jeju = "제주"

}
