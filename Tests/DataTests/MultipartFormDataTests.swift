import Foundation
import Testing
import WoteData

@Suite struct MultipartFormDataTests {
    @Test func encodesParts_inOrder_withCRLFLines_andClosingBoundary() {
        var form = MultipartFormData(boundary: "XyZ")
        form.append(name: "a", contentType: "text/plain", data: Data("one".utf8))
        form.append(
            name: "file", filename: "f.bin", contentType: "application/octet-stream", data: Data([0x00, 0x0D, 0x0A]))
        var expected = Data(
            ("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\nContent-Type: text/plain\r\n\r\none\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
        expected.append(contentsOf: [0x00, 0x0D, 0x0A])
        expected.append(contentsOf: Array("\r\n--XyZ--\r\n".utf8))
        #expect(form.encoded() == expected)
        #expect(form.contentType == "multipart/form-data; boundary=XyZ")
    }

    @Test func quotesAndLineBreaksInNames_cannotEndTheHeader() {
        var form = MultipartFormData(boundary: "b")
        form.append(name: "x\"\r\ny", filename: "a\".jpg", contentType: "image/jpeg", data: Data())
        let text = String(decoding: form.encoded(), as: UTF8.self)
        #expect(text.contains(#"name="x%22%0D%0Ay"; filename="a%22.jpg""#))
    }

    @Test func randomBoundaries_differ_andAreMarkedAsWoteKits() {
        let first = MultipartFormData().boundary
        let second = MultipartFormData().boundary
        #expect(first != second)
        #expect(first.hasPrefix("WoteKit-"))
    }

    @Test func emptyForm_isOnlyTheClosingBoundary() {
        #expect(MultipartFormData(boundary: "b").encoded() == Data("--b--\r\n".utf8))
    }
}
