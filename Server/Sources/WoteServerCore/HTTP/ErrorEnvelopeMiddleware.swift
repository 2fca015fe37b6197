import Hummingbird

/// Turns every error into the contract's envelope, so no answer leaves without one.
struct ErrorEnvelopeMiddleware: RouterMiddleware {
    typealias Context = WoteRequestContext
    let counters: RequestCounters?
    let errorLog: LineSink?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            if request.method == .post && request.uri.path == APIPaths.refresh {
                await counters?.recordRefreshRejected()
            }
            return JSONResponse.error(error)
        } catch let error as TestHookError {
            return JSONResponse.make(TestHookErrorDTO(error: error.message), status: 400)
        } catch let error as any HTTPResponseError {
            return JSONResponse.error(Self.apiError(for: error.status))
        } catch {
            errorLog?.write("error \(request.method.rawValue) \(request.uri.path): \(type(of: error))")
            return JSONResponse.error(.filter(.internalError))
        }
    }

    static func apiError(for status: HTTPResponse.Status) -> APIError {
        switch status {
        case .notFound:
            return .filter(.notFound)
        case .methodNotAllowed:
            return APIError(code: .notFound, httpStatus: 405, message: "Method Not Allowed", reason: nil, data: nil)
        case .contentTooLarge:
            return APIError(code: .badRequest, httpStatus: 413, message: "Request body too large", reason: nil, data: nil)
        case let status where status.code < 500:
            return APIError(code: .badRequest, httpStatus: status.code, message: status.reasonPhrase, reason: nil, data: nil)
        default:
            return .filter(.internalError)
        }
    }
}
