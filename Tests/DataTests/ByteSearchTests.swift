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
        (#"ddivisionCodedivisio"#, true), ("", false),
    ])
    func findsTheKey_anywhereInTheBody(body: String, found: Bool) {
        #expect(SessionContract.contains(Array("divisionCode".utf8), in: Data(body.utf8)) == found)
    }
}
