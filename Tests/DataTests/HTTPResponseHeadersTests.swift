import Foundation
import Testing
import WoteData

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer keeps the transport's headers until they are read, and then reads them lowercased.
struct HTTPResponseHeadersTests {
    static func received(_ fields: [String: String]) -> HTTPResponse {
        let response = HTTPURLResponse(
            url: URL(string: "https://api.wote.test/api/profiles")!, statusCode: 201, httpVersion: "HTTP/1.1",
            headerFields: fields)!
        return HTTPResponse(response, body: Data("{}".utf8))
    }

    @Test func headersFromTheTransport_areReadLowercased() {
        let answer = Self.received(["Content-Type": "application/json", "X-Request-ID": "r-1", "Date": "then"])

        #expect(answer.status == 201)
        #expect(answer.contentType == "application/json")
        #expect(answer.header("date") == "then")
        #expect(answer.headers["x-request-id"] == "r-1")
        #expect(answer.headers["X-Request-ID"] == nil)
    }

    @Test func receivedAnswer_equalsTheSameAnswerGivenByHand() {
        let byHand = HTTPResponse(status: 201, headers: ["x-a": "1"], body: Data("{}".utf8))

        #expect(Self.received(["X-A": "1"]) == byHand)
        #expect(Self.received(["X-A": "2"]) != byHand)
    }

    @Test func settingHeaders_replacesThem() {
        var answer = Self.received(["X-A": "1"])
        answer.headers = ["location": "/next"]

        #expect(answer.header("location") == "/next")
        #expect(answer.headers == ["location": "/next"])
    }
}
