import Foundation
import Testing
import WoteData

@Suite struct FormURLEncoderTests {
    @Test(arguments: [
        ("AZaz09-._~", "AZaz09-._~"),
        ("a+b", "a%2Bb"),
        ("a&b=c", "a%26b%3Dc"),
        ("a b", "a%20b"),
        ("/?#%", "%2F%3F%23%25"),
        ("한", "%ED%95%9C"),
        ("é", "%C3%A9"),
        ("", ""),
    ])
    func percentEncodes_everythingButUnreserved(_ input: String, _ expected: String) {
        #expect(FormURLEncoder.percentEncoded(input) == expected)
    }

    @Test func joinsFields_inOrder() {
        let body = FormURLEncoder.encode([("code", "x=y"), ("state", "APPLE")])
        #expect(String(decoding: body, as: UTF8.self) == "code=x%3Dy&state=APPLE")
    }

    @Test func encodedValues_decodeBackToTheOriginal() {
        let original = "c0de.+&=/한글 ~*'"
        #expect(FormURLEncoder.percentEncoded(original).removingPercentEncoding == original)
    }
}
