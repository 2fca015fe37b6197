import Foundation
import Testing
import WoteContract
import WoteData
import WoteSession

/// The byte scan that lets an answer without a division code skip decoding.
struct ByteSearchTests {
    @Test(arguments: [
        (#"{"divisionCode":"E004"}"#, true), (#"{"status":401,"divisionCode":"E004"}"#, true),
        (#"xxdivisionCode"#, true), (#"divisionCod"#, false), (#"{"status":200,"data":{}}"#, false),
        (#"ddivisionCodedivisio"#, true), ("", false), ("divisionCode", true), ("CodeCdivisionCodeC", true),
        ("divisionCodXdivisionCod", false), ("CCCCCCCCCCCCCCCCCCCCCCCCCdivisionCode", true), ("Code", false),
        (String(repeating: "divisionCod ", count: 300) + "divisionCode", true),
    ])
    func findsTheKey_anywhereInTheBody(body: String, found: Bool) {
        #expect(SessionContract.contains(Array("divisionCode".utf8), in: Data(body.utf8)) == found)
    }

    /// A slice of a larger body is searched within its own bounds only.
    @Test func searchesASliceWithinItsBounds() {
        let whole = Data("divisionCode|status|divisionCode".utf8)
        let key = Array("divisionCode".utf8)
        #expect(SessionContract.contains(key, in: whole[whole.startIndex + 1..<whole.endIndex - 1]) == false)
        #expect(SessionContract.contains(key, in: whole[whole.startIndex + 1..<whole.endIndex]) == true)
    }
}
