import Foundation
import Testing
import WoteData
import WoteDomain
import WoteKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Security reviews 2026-11-26 (13) and 2026-11-28 (N9): a part's `Content-Type` went into the body
/// unchecked, so an app forwarding a user-supplied MIME type let that user add headers, or whole
/// parts, to the upload; nor was the boundary checked. Such a form is now refused before anything
/// is sent.
@Suite struct MultipartFormDataRefusalTests {
    private static func form(boundary: String = "WoteKit-b", contentType: String, data: Data = Data([1, 2, 3]))
        -> MultipartFormData
    {
        var form = MultipartFormData(boundary: boundary)
        form.append(name: "imageFile", filename: "photo.jpg", contentType: contentType, data: data)
        return form
    }

    @Test(arguments: [
        "image/jpeg\r\nX-Injected: 1", "image/jpeg\r\n\r\n--WoteKit-b\r\nContent-Disposition: form-data; name=\"role\"",
        "image/jpeg\n", "image/jpeg\u{0}", "image", "/jpeg", "image/", "image/jpeg/x", "ima ge/jpeg", "",
        "image/jpeg; name=\"\u{7F}\"", "image/jpég",
    ])
    func n9_aPartsContentTypeThatIsNotAMediaType_isRefusedBeforeSending(_ contentType: String) async {
        let stub = StubTransport { _ in .json(200, #"{"status":200}"#) }
        let client = HTTPClient(baseURL: URL(string: "https://api.wote.test")!, transport: stub.transport)
        let request = APIRequest.post("/api/posts", form: Self.form(contentType: contentType))
        await #expect(throws: WoteError.self) {
            _ = try await client.send(try Endpoint(request), bearer: "ACCESS-TOKEN")
        }
        #expect(stub.requests.isEmpty)
    }

    @Test(arguments: ["", "a\r\nb", String(repeating: "b", count: 71), "ends with a space ", "b\"", "b;c", "한글"])
    func n9_aBoundaryOutsideRFC2046_isRefused(_ boundary: String) {
        let request = APIRequest.post("/api/posts", form: Self.form(boundary: boundary, contentType: "image/jpeg"))
        #expect(throws: WoteError.self) { try Endpoint(request) }
    }

    @Test func n9_aPartHoldingTheBoundary_isRefused() {
        let data = Data("\r\n--WoteKit-b\r\nContent-Disposition: form-data; name=\"role\"\r\n\r\nadmin".utf8)
        let request = APIRequest.post("/api/posts", form: Self.form(contentType: "image/jpeg", data: data))
        #expect(throws: WoteError.self) { try Endpoint(request) }
    }

    @Test(arguments: [
        "image/jpeg", "image/png", "application/json", "text/plain; charset=utf-8", "application/vnd.api+json",
        "multipart/mixed; boundary=\"x y\"",
    ])
    func n9_ordinaryContentTypes_stillGo(_ contentType: String) throws {
        var form = Self.form(contentType: contentType)
        form.append(name: "note", value: "text")
        _ = try Endpoint(APIRequest.post("/api/posts", form: form))
        _ = try Endpoint(APIRequest.post("/api/posts", form: MultipartFormData()))
    }
}
