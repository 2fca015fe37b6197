import Foundation
import HTTPTypes
import Hummingbird

/// Serves the profile images uploaded with §4.5 at `/images/<id>.jpg` and the post images of
/// API-posts.md §2.3 at `/images/posts/<file>`.
struct ImageController {
    let state: WoteState

    func addRoutes(to router: Router<WoteRequestContext>) {
        router.get(RouterPath(APIPaths.images + "/:file")) { _, context in
            try await image(context: context)
        }
        router.get(RouterPath(APIPaths.postImages + "/:file")) { _, context in
            try await postImage(context: context)
        }
    }

    /// The image's URL on the host the client used to reach the server, in the scheme it used: the
    /// request's own (`https` behind a TLS proxy that says so in `X-Forwarded-Proto`), never a plain
    /// `http://` link by default on an `https` page (issue 47, finding N7).
    static func url(imageID: Int, request: Request) -> String {
        "\(scheme(of: request))://\(request.head.authority ?? "127.0.0.1")\(APIPaths.images)/\(imageID).jpg"
    }

    /// `https` or `http`: the forwarded scheme a proxy set, else the request's own, else `http` (the
    /// listener's: this server speaks plain HTTP).
    static func scheme(of request: Request) -> String {
        let forwarded = request.headers[HTTPField.Name("X-Forwarded-Proto")!]?
            .split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for candidate in [forwarded, request.head.scheme?.lowercased()] {
            if let candidate, candidate == "https" || candidate == "http" { return candidate }
        }
        return "http"
    }

    /// A post image's URL: absolute, on the real server's fixed host (API-posts.md §1), whatever host
    /// the client used. This server also serves the file at the same path.
    static func postImageURL(file: String) -> String {
        "\(postImageHost)\(APIPaths.postImages)/\(file)"
    }

    /// The fixed host of post image URLs.
    static let postImageHost = "https://www.wote.social"

    private func postImage(context: WoteRequestContext) async throws(APIError) -> Response {
        guard let file = context.parameters.get("file"), let image = await state.postImage(file) else {
            throw .filter(.notFound)
        }
        return JSONResponse.raw(image.bytes, status: 200, contentType: image.contentType)
    }

    private func image(context: WoteRequestContext) async throws(APIError) -> Response {
        guard let file = context.parameters.get("file"), file.hasSuffix(".jpg"),
            let imageID = Int(file.dropLast(4)), let bytes = await state.image(imageID)
        else { throw .filter(.notFound) }
        return JSONResponse.raw(bytes, status: 200, contentType: "image/jpeg")
    }
}
