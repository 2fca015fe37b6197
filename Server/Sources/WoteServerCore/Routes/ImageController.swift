import Hummingbird

/// Serves the profile images uploaded with §4.5 at `/images/<id>.jpg`.
struct ImageController {
    let state: WoteState

    func addRoutes(to router: Router<WoteRequestContext>) {
        router.get(RouterPath(APIPaths.images + "/:file")) { _, context in
            try await image(context: context)
        }
    }

    /// The image's URL on the host the client used to reach the server.
    static func url(imageID: Int, request: Request) -> String {
        "http://\(request.head.authority ?? "127.0.0.1")\(APIPaths.images)/\(imageID).jpg"
    }

    private func image(context: WoteRequestContext) async throws(APIError) -> Response {
        guard let file = context.parameters.get("file"), file.hasSuffix(".jpg"),
            let imageID = Int(file.dropLast(4)), let bytes = await state.image(imageID)
        else { throw .filter(.notFound) }
        return JSONResponse.raw(bytes, status: 200, contentType: "image/jpeg")
    }
}
