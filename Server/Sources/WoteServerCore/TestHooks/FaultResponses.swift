import Hummingbird

/// The broken answers a fault rule stands for.
enum FaultResponses {
    /// Marks a dropped connection in logs and counters (nginx's "closed without response").
    static let droppedStatus = 444

    static let truncatedSource = #"{"status":200,"message":"SUCCESS","data":{"accessToken":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.c2ln","accessExpirationTime":1700000000000,"refreshToken":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.c2ln","refreshExpirationTime":1701000000000,"nickname":"wote","isExist":false}}"#

    static let wrongTypes = #"{"status":"200","divisionCode":200,"message":200,"data":{"accessToken":1,"accessExpirationTime":"soon","refreshToken":2,"refreshExpirationTime":"later","jwtToken":3,"consumerTypeExist":"yes","nickname":4,"profileImage":5,"consumerType":6,"school":7,"canUpdateConsumerType":"maybe","isExist":"no"}}"#

    static let missingData = #"{"status":200,"message":"SUCCESS"}"#

    static func html(status: Int) -> String {
        let phrase = "\(status) \(reasonPhrases[status] ?? "Error")"
        return "<!DOCTYPE html>\n<html><head><title>\(phrase)</title></head>"
            + "<body><center><h1>\(phrase)</h1></center><hr><center>nginx</center></body></html>\n"
    }

    private static let reasonPhrases = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 408: "Request Timeout",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout",
    ]

    /// The answer for every kind except `delay` and `drop`, which change how the request is handled.
    static func response(for rule: FaultRule) -> Response {
        switch rule.kind {
        case .status:
            let status = rule.status ?? 500
            let envelope = Envelope<NoPayload>(status: status, divisionCode: DivisionCode.internalError.rawValue, message: "Injected fault")
            return JSONResponse.envelope(envelope, httpStatus: status)
        case .html:
            let status = rule.status ?? 502
            return JSONResponse.raw(Array(html(status: status).utf8), status: status, contentType: "text/html; charset=utf-8")
        case .empty:
            return JSONResponse.raw([], status: rule.status ?? 200, contentType: "application/json")
        case .truncated:
            let bytes = Array(truncatedSource.utf8)
            return JSONResponse.raw(bytes.prefix(bytes.count / 2), status: rule.status ?? 200, contentType: "application/json")
        case .wrongTypes:
            return JSONResponse.raw(Array(wrongTypes.utf8), status: rule.status ?? 200, contentType: "application/json")
        case .missingData, .delay, .drop, .dropAnswer, .holdAnswer:
            return JSONResponse.raw(Array(missingData.utf8), status: rule.status ?? 200, contentType: "application/json")
        }
    }
}
